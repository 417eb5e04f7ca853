// JPEG through libjpeg-turbo's libjpeg API. libjpeg reports errors by calling error_exit, which must not return:
// the usual answer is longjmp, and it must never cross Swift frames. Every call below sets its jump point here, in
// C, and turns an error into a code and a message. Warnings that mean lost data (a truncated or corrupt file) are
// errors too; harmless ones (extraneous bytes before a marker, an unknown JFIF revision) are not.
#include "CImageCodecs.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jerror.h>
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

/// Level -1 is a warning about the data: those that mean pixels were lost or made up fail the call. Trace messages
/// (levels above 0) are ignored.
static void fi_message(j_common_ptr info, int level) {
  if (level >= 0) return;
  switch (info->err->msg_code) {
  case JWRN_JPEG_EOF:
  case JWRN_HIT_MARKER:
  case JWRN_MUST_RESYNC:
  case JWRN_HUFF_BAD_CODE:
  case JWRN_NOT_SEQUENTIAL:
  case JWRN_BOGUS_PROGRESSION:
    fi_fail(info);
    break;
  default:
    break;
  }
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

/// A progressive file may hold any number of scans, each a pass over the whole picture: a valid file of a thousand
/// scans takes minutes (libjpeg-turbo's LJT-01-003). Past `fi_scan_limit` scans the decode fails.
typedef struct {
  struct jpeg_progress_mgr manager;
  int limit;
} fi_progress;

static void fi_count_scans(j_common_ptr info) {
  fi_progress *progress = (fi_progress *)info->progress;
  if (info->is_decompressor && ((j_decompress_ptr)info)->input_scan_number > progress->limit) {
    info->err->msg_code = JERR_BAD_PROGRESSION;  // named so the message says what went wrong
    snprintf(info->err->msg_parm.s, JMSG_STR_PARM_MAX, "%s", "too many scans");
    fi_fail(info);
  }
}

/// Reads the header of `data` into `info`, with the error manager and the scan limit installed, scaled by
/// 1/`scale_denominator`, asking for RGB (or CMYK, converted by the caller, for CMYK and YCCK files).
static void fi_read_header(j_decompress_ptr info, fi_progress *progress, int scan_limit, const unsigned char *data,
                           size_t size, int scale_denominator) {
  jpeg_create_decompress(info);
  // A progressive or multi-scan file keeps its coefficients for the whole picture; beyond this, libjpeg fails
  // instead of allocating.
  info->mem->max_memory_to_use = 256L * 1024 * 1024;
  progress->manager.progress_monitor = fi_count_scans;
  progress->limit = scan_limit;
  info->progress = &progress->manager;
  jpeg_mem_src(info, data, (unsigned long)size);
  jpeg_read_header(info, TRUE);
  info->scale_num = 1;
  info->scale_denom = (unsigned int)scale_denominator;
  int cmyk = info->jpeg_color_space == JCS_CMYK || info->jpeg_color_space == JCS_YCCK;
  info->out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
  jpeg_calc_output_dimensions(info);
}

int fi_jpeg_info(const unsigned char *data, size_t size, int scale_denominator, int *width, int *height,
                 int *scaled_width, int *scaled_height, char *message, size_t message_size) {
  if (!fi_valid_scale(scale_denominator) || size == 0 || size > (size_t)0xFFFFFFFF) return FI_JPEG_ERROR;
  struct jpeg_decompress_struct info;
  fi_error error;
  fi_progress progress;
  fi_install(&error, message, message_size);
  info.err = &error.manager;
  if (setjmp(error.jump)) {
    jpeg_destroy_decompress(&info);
    return FI_JPEG_ERROR;
  }
  fi_read_header(&info, &progress, FI_SCAN_LIMIT, data, size, scale_denominator);
  *width = (int)info.image_width;
  *height = (int)info.image_height;
  *scaled_width = (int)info.output_width;
  *scaled_height = (int)info.output_height;
  jpeg_destroy_decompress(&info);
  return FI_OK;
}

/// CMYK samples to RGB; Adobe's files (the usual CMYK JPEGs) store them inverted.
static void fi_cmyk_to_rgb(const JSAMPLE *cmyk, unsigned char *rgb, JDIMENSION width, int inverted) {
  for (JDIMENSION x = 0; x < width; x++) {
    int c = cmyk[0], m = cmyk[1], y = cmyk[2], k = cmyk[3];
    if (!inverted) c = 255 - c, m = 255 - m, y = 255 - y, k = 255 - k;
    rgb[0] = (unsigned char)(c * k / 255);
    rgb[1] = (unsigned char)(m * k / 255);
    rgb[2] = (unsigned char)(y * k / 255);
    cmyk += 4;
    rgb += 3;
  }
}

int fi_jpeg_decode(const unsigned char *data, size_t size, int scale_denominator, int scan_limit, unsigned char *rgb,
                   int width, int height, char *message, size_t message_size) {
  if (!fi_valid_scale(scale_denominator) || size == 0 || size > (size_t)0xFFFFFFFF || width <= 0 || height <= 0)
    return FI_SIZE_MISMATCH;
  struct jpeg_decompress_struct info;
  fi_error error;
  fi_progress progress;
  fi_install(&error, message, message_size);
  info.err = &error.manager;
  if (setjmp(error.jump)) {
    jpeg_destroy_decompress(&info);
    return FI_JPEG_ERROR;
  }
  fi_read_header(&info, &progress, scan_limit, data, size, scale_denominator);
  jpeg_start_decompress(&info);
  int cmyk = info.out_color_space == JCS_CMYK;
  if ((int)info.output_width != width || (int)info.output_height != height ||
      info.output_components != (cmyk ? 4 : 3)) {
    jpeg_destroy_decompress(&info);
    return FI_SIZE_MISMATCH;
  }
  size_t stride = (size_t)width * 3;
  // A CMYK row goes through a buffer of libjpeg's own pool, freed with the decompressor on every way out.
  JSAMPARRAY row = cmyk ? (*info.mem->alloc_sarray)((j_common_ptr)&info, JPOOL_IMAGE, info.output_width * 4, 1) : NULL;
  while (info.output_scanline < info.output_height) {
    unsigned char *target = rgb + (size_t)info.output_scanline * stride;
    if (cmyk) {
      jpeg_read_scanlines(&info, row, 1);
      fi_cmyk_to_rgb(row[0], target, info.output_width, info.saw_Adobe_marker);
    } else {
      JSAMPROW into = target;
      jpeg_read_scanlines(&info, &into, 1);
    }
  }
  jpeg_finish_decompress(&info);
  jpeg_destroy_decompress(&info);
  return FI_OK;
}

/// A destination in memory that this file owns: on an error the buffer in use is freed here. (`jpeg_mem_dest` tells
/// the caller its buffer only at the end, after freeing earlier ones as it grows: an error in between would leave
/// the caller a freed pointer.)
typedef struct {
  struct jpeg_destination_mgr manager;
  unsigned char *buffer;
  size_t capacity;
  fi_error *error;
} fi_destination;

static void fi_start_destination(j_compress_ptr info) { (void)info; }

static boolean fi_grow_destination(j_compress_ptr info) {
  fi_destination *destination = (fi_destination *)info->dest;
  size_t capacity = destination->capacity * 2;
  unsigned char *grown = realloc(destination->buffer, capacity);
  if (!grown) ERREXIT1(info, JERR_OUT_OF_MEMORY, 10);
  destination->manager.next_output_byte = grown + destination->capacity;
  destination->manager.free_in_buffer = capacity - destination->capacity;
  destination->buffer = grown;
  destination->capacity = capacity;
  return TRUE;
}

static void fi_end_destination(j_compress_ptr info) { (void)info; }

int fi_jpeg_encode(const unsigned char *samples, int components, int width, int height, int quality, int progressive,
                   unsigned char **output, unsigned long *output_size, char *message, size_t message_size) {
  *output = NULL;
  *output_size = 0;
  if (width <= 0 || height <= 0 || width > 65500 || height > 65500 || (components != 3 && components != 4))
    return FI_SIZE_MISMATCH;
  struct jpeg_compress_struct info;
  fi_error error;
  fi_destination destination = {.capacity = 64 * 1024};
  destination.buffer = malloc(destination.capacity);
  if (!destination.buffer) return FI_OUT_OF_MEMORY;
  fi_install(&error, message, message_size);
  info.err = &error.manager;
  if (setjmp(error.jump)) {
    jpeg_destroy_compress(&info);
    free(destination.buffer);
    return FI_JPEG_ERROR;
  }
  jpeg_create_compress(&info);
  destination.manager.init_destination = fi_start_destination;
  destination.manager.empty_output_buffer = fi_grow_destination;
  destination.manager.term_destination = fi_end_destination;
  destination.manager.next_output_byte = destination.buffer;
  destination.manager.free_in_buffer = destination.capacity;
  info.dest = &destination.manager;
  info.image_width = (JDIMENSION)width;
  info.image_height = (JDIMENSION)height;
  info.input_components = components;
  info.in_color_space = components == 4 ? JCS_CMYK : JCS_RGB;
  jpeg_set_defaults(&info);
  jpeg_set_quality(&info, quality < 1 ? 1 : quality > 100 ? 100 : quality, TRUE);
  if (progressive) jpeg_simple_progression(&info);
  jpeg_start_compress(&info, TRUE);
  size_t stride = (size_t)width * (size_t)components;
  while (info.next_scanline < info.image_height) {
    JSAMPROW row = (JSAMPROW)(samples + (size_t)info.next_scanline * stride);
    jpeg_write_scanlines(&info, &row, 1);
  }
  jpeg_finish_compress(&info);
  jpeg_destroy_compress(&info);
  *output = destination.buffer;
  *output_size = (unsigned long)(destination.capacity - destination.manager.free_in_buffer);
  return FI_OK;
}

void fi_free(void *memory) { free(memory); }
