// Where valgrind's callgrind counts: the instruction counts run each side's work with instrumentation on and the
// setup, the program's start and its end with it off (`valgrind --tool=callgrind --instr-atstart=no`), and dump the
// count of each side by name. Outside valgrind these calls do nothing.
#ifndef CALLGRIND_CONTROL_H
#define CALLGRIND_CONTROL_H

/// Instrumentation on, the counts zeroed: what runs from here on is counted.
void callgrind_count_start(void);
/// Writes the count since the last start or dump to a dump named `name`, and zeroes it.
void callgrind_count_dump(const char *name);
/// Instrumentation off: nothing after this is counted.
void callgrind_count_stop(void);

#endif
