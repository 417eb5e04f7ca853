#ifndef CIMAGECODECS_H
#define CIMAGECODECS_H

#include <stddef.h>

/// What a JPEG call returns: 0 on success, else one of these. Errors never unwind past this module: libjpeg's
/// error exits are caught here (setjmp/longjmp stay inside C) and become a code and a message.
enum {
  FI_OK = 0,
  /// libjpeg refused the data, or warned about it (a truncated or corrupt file): the message says what.
  FI_JPEG_ERROR = 1,
  /// The decoded picture would not be the size the caller allocated for.
  FI_SIZE_MISMATCH = 2,
  /// Out of memory, or a size that does not fit.
  FI_OUT_OF_MEMORY = 3,
  /// libpng refused the data (a truncated file, a bad checksum of a critical chunk): the message says what.
  FI_PNG_ERROR = 4,
};

/// The most scans a progressive JPEG may have: past it the decode fails (a valid file of a thousand scans takes
/// minutes, libjpeg-turbo's LJT-01-003). Ordinary progressive files have about ten.
#define FI_SCAN_LIMIT 500

/// Reads a JPEG's header: its size, and the size it decodes to when scaled by 1/`scale_denominator` (1, 2, 4 or 8).
int fi_jpeg_info(const unsigned char *data, size_t size, int scale_denominator, int *width, int *height,
                 int *scaled_width, int *scaled_height, char *message, size_t message_size);

/// Decodes a JPEG scaled by 1/`scale_denominator` into `rgb` (3 bytes a pixel, row by row), which holds exactly
/// `width` × `height` pixels, the scaled size ``fi_jpeg_info`` gave. A warning that means lost data (premature end,
/// corrupt data) fails it, and so do more than `scan_limit` scans. CMYK and YCCK files are converted to RGB.
int fi_jpeg_decode(const unsigned char *data, size_t size, int scale_denominator, int scan_limit, unsigned char *rgb,
                   int width, int height, char *message, size_t message_size);

/// Encodes `width` × `height` pixels of 3 (RGB) or 4 (CMYK, stored as given) `components` as a JPEG of `quality`
/// (1…100), baseline or `progressive`; `*output` is then `malloc`'d memory of `*output_size` bytes for the caller to
/// free (``fi_free``), and `NULL` on an error.
int fi_jpeg_encode(const unsigned char *samples, int components, int width, int height, int quality, int progressive,
                   unsigned char **output, unsigned long *output_size, char *message, size_t message_size);

/// Reads a PNG's header: its size. Every ancillary chunk but tRNS is skipped unread (text, ICC profiles, unknown
/// chunks: libpng's simplified API inflated each text chunk in full); a side over `maximum_side` is refused by libpng.
/// `*allocated` is then what libpng allocated, in bytes.
int fi_png_info(const unsigned char *data, size_t size, int maximum_side, int *width, int *height,
                size_t *allocated, char *message, size_t message_size);

/// Decodes a PNG into `rgb` (3 bytes a pixel, row by row), which holds exactly `width` × `height` pixels, the size
/// ``fi_png_info`` gave: 8-bit RGB, palettes and greys expanded, 16-bit samples reduced, transparency composed over
/// black. Ancillary chunks are skipped as there; `*allocated` is what libpng allocated, in bytes.
int fi_png_decode(const unsigned char *data, size_t size, int maximum_side, unsigned char *rgb, int width, int height,
                  size_t *allocated, char *message, size_t message_size);

/// Decodes a PNG of `width` × `height` pixels (the size ``fi_png_info`` gave) reduced by `factor`: each pixel of
/// `rgb` (3 bytes a pixel, row by row, ⌈width / factor⌉ × ⌈height / factor⌉ pixels) is the mean of its box of
/// `factor` × `factor` pixels (fewer at the right and bottom edges), as ``fi_png_decode`` would give them. The rows are
/// read one at a time, an interlaced file's pass by pass: what it allocates is a row and the reduced picture's sums,
/// never the whole picture. `*allocated` is what libpng and the decode allocated, in bytes.
int fi_png_decode_reduced(const unsigned char *data, size_t size, int maximum_side, int width, int height, int factor,
                          unsigned char *rgb, size_t *allocated, char *message, size_t message_size);

/// Frees memory ``fi_jpeg_encode`` returned.
void fi_free(void *memory);

#endif
