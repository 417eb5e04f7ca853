// JPEG through libjpeg-turbo's libjpeg API. libjpeg reports errors by calling error_exit, which must not return:
// the usual answer is longjmp, and it must never cross Swift frames. Every call below sets its jump point here, in
// C, and turns an error into a code and a message; warnings (a truncated or corrupt file) are errors too.
#include "CImageCodecs.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

typedef struct {
  struct jpeg_error_mgr manager;
  jmp_buf jump;
  char *message;
  size_t message_size;
} fi_error;

static void fi_fail(j_common_ptr info) {
  fi_error *error = (fi_error *)info->err;
  if (error->message && error->message_size > 0) {
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    snprintf(error->message, error->message_size, "%s", text);
  }
  longjmp(error->jump, 1);
}

/// Level -1 is a warning about the data (premature end, corrupt entropy data): refused like an error. Trace
/// messages (levels above 0) are ignored.
static void fi_message(j_common_ptr info, int level) {
  if (level < 0) fi_fail(info);
}

/// Nothing is printed: a message reaches the caller through fi_fail's buffer.
static void fi_quiet(j_common_ptr info) { (void)info; }

static void fi_install(fi_error *error, char *message, size_t message_size) {
  jpeg_std_error(&error->manager);
  error->manager.error_exit = fi_fail;
  error->manager.emit_message = fi_message;
  error->manager.output_message = fi_quiet;
  error->message = message;
  error->message_size = message_size;
}

static int fi_valid_scale(int denominator) {
  return denominator == 1 || denominator == 2 || denominator == 4 || denominator == 8;
}

int fi_jpeg_info(const unsigned char *data, size_t size, int scale_denominator, int *width, int *height,
                 int *scaled_width, int *scaled_height, char *message, size_t message_size) {
  if (!fi_valid_scale(scale_denominator) || size == 0 || size > (size_t)0xFFFFFFFF) return FI_JPEG_ERROR;
  struct jpeg_decompress_struct info;
  fi_error error;
  fi_install(&error, message, message_size);
  info.err = &error.manager;
  if (setjmp(error.jump)) {
    jpeg_destroy_decompress(&info);
    return FI_JPEG_ERROR;
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, data, (unsigned long)size);
  jpeg_read_header(&info, TRUE);
  info.scale_num = 1;
  info.scale_denom = (unsigned int)scale_denominator;
  info.out_color_space = JCS_RGB;
  jpeg_calc_output_dimensions(&info);
  *width = (int)info.image_width;
  *height = (int)info.image_height;
  *scaled_width = (int)info.output_width;
  *scaled_height = (int)info.output_height;
  jpeg_destroy_decompress(&info);
  return FI_OK;
}

int fi_jpeg_decode(const unsigned char *data, size_t size, int scale_denominator, unsigned char *rgb, int width,
                   int height, char *message, size_t message_size) {
  if (!fi_valid_scale(scale_denominator) || size == 0 || size > (size_t)0xFFFFFFFF || width <= 0 || height <= 0)
    return FI_SIZE_MISMATCH;
  struct jpeg_decompress_struct info;
  fi_error error;
  fi_install(&error, message, message_size);
  info.err = &error.manager;
  if (setjmp(error.jump)) {
    jpeg_destroy_decompress(&info);
    return FI_JPEG_ERROR;
  }
  jpeg_create_decompress(&info);
  // A progressive or multi-scan file keeps its coefficients for the whole picture; beyond this, libjpeg fails
  // instead of allocating.
  info.mem->max_memory_to_use = 256L * 1024 * 1024;
  jpeg_mem_src(&info, data, (unsigned long)size);
  jpeg_read_header(&info, TRUE);
  info.scale_num = 1;
  info.scale_denom = (unsigned int)scale_denominator;
  info.out_color_space = JCS_RGB;
  jpeg_start_decompress(&info);
  if ((int)info.output_width != width || (int)info.output_height != height || info.output_components != 3) {
    jpeg_destroy_decompress(&info);
    return FI_SIZE_MISMATCH;
  }
  size_t stride = (size_t)width * 3;
  while (info.output_scanline < info.output_height) {
    JSAMPROW row = rgb + (size_t)info.output_scanline * stride;
    jpeg_read_scanlines(&info, &row, 1);
  }
  jpeg_finish_decompress(&info);
  jpeg_destroy_decompress(&info);
  return FI_OK;
}

int fi_jpeg_encode(const unsigned char *rgb, int width, int height, int quality, unsigned char **output,
                   unsigned long *output_size, char *message, size_t message_size) {
  if (width <= 0 || height <= 0 || width > 65500 || height > 65500) return FI_SIZE_MISMATCH;
  struct jpeg_compress_struct info;
  fi_error error;
  fi_install(&error, message, message_size);
  info.err = &error.manager;
  *output = NULL;
  *output_size = 0;
  if (setjmp(error.jump)) {
    jpeg_destroy_compress(&info);
    free(*output);
    *output = NULL;
    return FI_JPEG_ERROR;
  }
  jpeg_create_compress(&info);
  jpeg_mem_dest(&info, output, output_size);
  info.image_width = (JDIMENSION)width;
  info.image_height = (JDIMENSION)height;
  info.input_components = 3;
  info.in_color_space = JCS_RGB;
  jpeg_set_defaults(&info);
  jpeg_set_quality(&info, quality < 1 ? 1 : quality > 100 ? 100 : quality, TRUE);
  jpeg_start_compress(&info, TRUE);
  size_t stride = (size_t)width * 3;
  while (info.next_scanline < info.image_height) {
    JSAMPROW row = (JSAMPROW)(rgb + (size_t)info.next_scanline * stride);
    jpeg_write_scanlines(&info, &row, 1);
  }
  jpeg_finish_compress(&info);
  jpeg_destroy_compress(&info);
  return FI_OK;
}

void fi_free(void *memory) { free(memory); }
