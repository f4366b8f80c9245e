#pragma once
#include "internal.h"
// What this CPU offers that changes which cipher is fastest.

namespace fg::platform {

// AES instructions with a carry-less multiply beside them (x86 AES-NI and
// PCLMULQDQ; ARMv8 AES and PMULL): with both, AES-GCM runs at several GB/s
// a core and beats ChaCha20-Poly1305; without them AES is table-based, slow,
// and ChaCha20 is the faster (and constant-time) choice. Read once.
bool hasAesAcceleration();

} // namespace fg::platform
