#ifndef ESSENTIALFEED_CRC32C_H
#define ESSENTIALFEED_CRC32C_H

#include <stddef.h>
#include <stdint.h>

/// CRC-32C (Castagnoli, the checksum of iSCSI, ext4 and LevelDB) of `count` bytes at `bytes`, continuing from `crc`
/// (0 to start; the result of an earlier call to continue over more bytes). With the processor's CRC32 instruction
/// where it has one: on x86-64 with SSE 4.2 (asked of the processor once), on little-endian arm64 when the build
/// targets the CRC extension (Apple's do; a generic Linux arm64 build does not); else a table, a byte at a time.
uint32_t essentialfeed_crc32c(uint32_t crc, const void *bytes, size_t count);

/// The same by the table alone, as a processor without the instruction computes it: for the tests.
uint32_t essentialfeed_crc32c_portable(uint32_t crc, const void *bytes, size_t count);

/// Whether `essentialfeed_crc32c` uses the processor's instruction here (1) or the table (0): for the tests.
int essentialfeed_crc32c_uses_instruction(void);

#endif
