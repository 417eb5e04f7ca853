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
};

/// Reads a JPEG's header: its size, and the size it decodes to when scaled by 1/`scale_denominator` (1, 2, 4 or 8).
int fi_jpeg_info(const unsigned char *data, size_t size, int scale_denominator, int *width, int *height,
                 int *scaled_width, int *scaled_height, char *message, size_t message_size);

/// Decodes a JPEG scaled by 1/`scale_denominator` into `rgb` (3 bytes a pixel, row by row), which holds exactly
/// `width` × `height` pixels, the scaled size ``fi_jpeg_info`` gave. Any warning (premature end, corrupt data) fails it.
int fi_jpeg_decode(const unsigned char *data, size_t size, int scale_denominator, unsigned char *rgb, int width,
                   int height, char *message, size_t message_size);

/// Encodes `width` × `height` RGB pixels as a baseline JPEG of `quality` (1…100); `*output` is then `malloc`'d
/// memory of `*output_size` bytes for the caller to `free` (``fi_free``).
int fi_jpeg_encode(const unsigned char *rgb, int width, int height, int quality, unsigned char **output,
                   unsigned long *output_size, char *message, size_t message_size);

/// Frees memory ``fi_jpeg_encode`` returned.
void fi_free(void *memory);

#endif
