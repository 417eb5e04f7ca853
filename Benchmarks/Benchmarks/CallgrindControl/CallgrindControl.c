// valgrind.h and callgrind.h are valgrind's own client-request headers (valgrind 3.19, BSD-style licence in each
// file), kept here so the benchmarks build where valgrind is not installed: outside valgrind the requests are no-ops.
#include "CallgrindControl.h"
#include "valgrind/callgrind.h"

void callgrind_count_start(void) {
  CALLGRIND_START_INSTRUMENTATION;
  CALLGRIND_ZERO_STATS;
}

void callgrind_count_dump(const char *name) { CALLGRIND_DUMP_STATS_AT(name); }

void callgrind_count_stop(void) { CALLGRIND_STOP_INSTRUMENTATION; }
