// PNG through libpng's full reading API, with its error exits caught here (setjmp/longjmp stay inside C), as for
// JPEG. Not the simplified API: that one inflates every zTXt, iTXt and iCCP chunk in full (up to 8 MB each, a
// thousand of them), and offers no way to say otherwise. Here every ancillary chunk but tRNS is skipped unread
// (its bytes are only checksummed), and libpng's allocations are counted.
#include "CImageCodecs.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

typedef struct {
  const unsigned char *data;
  size_t size;
  size_t offset;
  size_t allocated;
  char *message;
  size_t message_size;
  jmp_buf jump;
} fi_png_state;

static png_voidp fi_png_malloc(png_structp png, png_alloc_size_t size) {
  fi_png_state *state = (fi_png_state *)png_get_mem_ptr(png);
  state->allocated += size;
  return malloc(size);
}

static void fi_png_free(png_structp png, png_voidp memory) {
  (void)png;
  free(memory);
}

static void fi_png_error(png_structp png, png_const_charp text) {
  fi_png_state *state = (fi_png_state *)png_get_error_ptr(png);
  if (state->message && state->message_size > 0) snprintf(state->message, state->message_size, "%s", text);
  longjmp(state->jump, 1);
}

/// Nothing is printed: a warning is about what the decode skips or works around.
static void fi_png_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;
}

static void fi_png_read(png_structp png, png_bytep out, size_t length) {
  fi_png_state *state = (fi_png_state *)png_get_io_ptr(png);
  if (length > state->size - state->offset) png_error(png, "the file ends early");
  memcpy(out, state->data + state->offset, length);
  state->offset += length;
}

/// A read struct on `state`'s data, every ancillary chunk but tRNS skipped unread, and the picture's header read.
/// Must be called inside the caller's setjmp.
static void fi_png_begin(fi_png_state *state, png_structp png, png_infop info, int maximum_side) {
  png_set_read_fn(png, state, fi_png_read);
  // A negative count: every chunk libpng knows but IHDR, PLTE, tRNS, IDAT and IEND, and every unknown one.
  png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
  png_set_user_limits(png, (png_uint_32)maximum_side, (png_uint_32)maximum_side);
  png_set_chunk_malloc_max(png, 1 << 20);
  png_read_info(png, info);
}

static png_structp fi_png_create(fi_png_state *state) {
  return png_create_read_struct_2(PNG_LIBPNG_VER_STRING, state, fi_png_error, fi_png_warning, state, fi_png_malloc,
                                  fi_png_free);
}

int fi_png_info(const unsigned char *data, size_t size, int maximum_side, int *width, int *height,
                size_t *allocated, char *message, size_t message_size) {
  fi_png_state state = {data, size, 0, 0, message, message_size};
  png_structp png = fi_png_create(&state);
  if (!png) return FI_OUT_OF_MEMORY;
  png_infop info = png_create_info_struct(png);
  if (!info || setjmp(state.jump)) {
    png_destroy_read_struct(&png, info ? &info : NULL, NULL);
    if (allocated) *allocated = state.allocated;
    return FI_PNG_ERROR;
  }
  fi_png_begin(&state, png, info, maximum_side);
  *width = (int)png_get_image_width(png, info);
  *height = (int)png_get_image_height(png, info);
  png_destroy_read_struct(&png, &info, NULL);
  if (allocated) *allocated = state.allocated;
  return FI_OK;
}

// 8-bit RGB: palettes and greys expanded, 16-bit samples reduced, transparency composed over black.
static void fi_png_to_rgb(png_structp png, png_infop info) {
  png_set_expand(png);
  png_set_strip_16(png);
  png_set_gray_to_rgb(png);
  png_byte type = png_get_color_type(png, info);
  if ((type & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, info, PNG_INFO_tRNS)) {
    png_color_16 black = {0, 0, 0, 0, 0};
    png_set_background(png, &black, PNG_BACKGROUND_GAMMA_SCREEN, 0, 1.0);
  }
}

// Reads the header (checked to be `width` × `height`) and sets up 8-bit RGB rows; with `deinterlace`, libpng's
// interlace handling too. Returns the passes to read (1 without it). Errors long-jump to the caller's `setjmp`, with
// `*result` saying a size mismatch.
static int fi_png_start_rgb(fi_png_state *state, png_structp png, png_infop info, int maximum_side, int width,
                            int height, int deinterlace, volatile int *result) {
  fi_png_begin(state, png, info, maximum_side);
  if ((int)png_get_image_width(png, info) != width || (int)png_get_image_height(png, info) != height) {
    *result = FI_SIZE_MISMATCH;
    png_error(png, "the picture is not the size its header gave");
  }
  fi_png_to_rgb(png, info);
  int passes = deinterlace ? png_set_interlace_handling(png) : 1;
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != (size_t)width * 3) {
    *result = FI_SIZE_MISMATCH;
    png_error(png, "the rows are not 8-bit RGB");
  }
  return passes;
}

int fi_png_decode(const unsigned char *data, size_t size, int maximum_side, unsigned char *rgb, int width, int height,
                  size_t *allocated, char *message, size_t message_size) {
  fi_png_state state = {data, size, 0, 0, message, message_size};
  png_structp png = fi_png_create(&state);
  if (!png) return FI_OUT_OF_MEMORY;
  png_infop info = png_create_info_struct(png);
  volatile int result = FI_PNG_ERROR;
  if (!info || setjmp(state.jump)) {
    png_destroy_read_struct(&png, info ? &info : NULL, NULL);
    if (allocated) *allocated = state.allocated;
    return result;
  }
  int passes = fi_png_start_rgb(&state, png, info, maximum_side, width, height, 1, &result);
  for (int pass = 0; pass < passes; pass++) {
    for (int row = 0; row < height; row++) png_read_row(png, rgb + (size_t)row * (size_t)width * 3, NULL);
  }
  png_destroy_read_struct(&png, &info, NULL);
  if (allocated) *allocated = state.allocated;
  return FI_OK;
}

int fi_png_decode_reduced(const unsigned char *data, size_t size, int maximum_side, int width, int height, int factor,
                          unsigned char *rgb, size_t *allocated, char *message, size_t message_size) {
  fi_png_state state = {data, size, 0, 0, message, message_size};
  if (factor < 1 || width < 1 || height < 1) return FI_SIZE_MISMATCH;
  size_t out_width = ((size_t)width + (size_t)factor - 1) / (size_t)factor;
  size_t out_height = ((size_t)height + (size_t)factor - 1) / (size_t)factor;
  png_structp png = fi_png_create(&state);
  if (!png) return FI_OUT_OF_MEMORY;
  png_infop info = png_create_info_struct(png);
  volatile int result = FI_PNG_ERROR;
  png_bytep volatile row = NULL;
  unsigned long long *volatile sums = NULL;
  if (!info || setjmp(state.jump)) {
    if (row) png_free(png, row);
    if (sums) png_free(png, sums);
    png_destroy_read_struct(&png, info ? &info : NULL, NULL);
    if (allocated) *allocated = state.allocated;
    return result;
  }
  // No interlace handling: an interlaced file's rows come pass by pass, each pixel once, at its place in the picture.
  fi_png_start_rgb(&state, png, info, maximum_side, width, height, 0, &result);
  int interlaced = png_get_interlace_type(png, info) == PNG_INTERLACE_ADAM7;
  row = png_malloc(png, (size_t)width * 3);
  sums = png_calloc(png, out_width * out_height * 3 * sizeof(unsigned long long));
  for (int pass = 0; pass < (interlaced ? 7 : 1); pass++) {
    png_uint_32 columns = interlaced ? PNG_PASS_COLS((png_uint_32)width, pass) : (png_uint_32)width;
    png_uint_32 rows = interlaced ? PNG_PASS_ROWS((png_uint_32)height, pass) : (png_uint_32)height;
    if (columns == 0 || rows == 0) continue;  // libpng skips an empty pass too
    for (png_uint_32 pass_row = 0; pass_row < rows; pass_row++) {
      png_read_row(png, row, NULL);
      png_uint_32 y = interlaced ? PNG_ROW_FROM_PASS_ROW(pass_row, pass) : pass_row;
      unsigned long long *line = sums + (size_t)(y / (png_uint_32)factor) * out_width * 3;
      for (png_uint_32 column = 0; column < columns; column++) {
        png_uint_32 x = interlaced ? PNG_COL_FROM_PASS_COL(column, pass) : column;
        unsigned long long *sum = line + (size_t)(x / (png_uint_32)factor) * 3;
        sum[0] += row[column * 3];
        sum[1] += row[column * 3 + 1];
        sum[2] += row[column * 3 + 2];
      }
    }
  }
  for (size_t out_y = 0; out_y < out_height; out_y++) {
    size_t box_height = (size_t)height - out_y * (size_t)factor;
    if (box_height > (size_t)factor) box_height = (size_t)factor;
    for (size_t out_x = 0; out_x < out_width; out_x++) {
      size_t box_width = (size_t)width - out_x * (size_t)factor;
      if (box_width > (size_t)factor) box_width = (size_t)factor;
      unsigned long long count = (unsigned long long)box_width * box_height;
      size_t at = (out_y * out_width + out_x) * 3;
      for (int channel = 0; channel < 3; channel++) {
        rgb[at + channel] = (unsigned char)((sums[at + channel] + count / 2) / count);
      }
    }
  }
  png_free(png, row);
  png_free(png, sums);
  png_destroy_read_struct(&png, &info, NULL);
  if (allocated) *allocated = state.allocated;
  return FI_OK;
}
