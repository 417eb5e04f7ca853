// libpng's simplified API (png_image_*): errors are returned, never longjmp'd into the caller.
#include <png.h>
