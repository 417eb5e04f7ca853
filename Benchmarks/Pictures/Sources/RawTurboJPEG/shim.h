// TurboJPEG, libjpeg-turbo's own API: the raw twin of the JPEG thumbnail pair.
#include <turbojpeg.h>
