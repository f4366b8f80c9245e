#pragma once
#include "internal.h"
// Whether a daemon runs on the client's own machine (loopback, or another
// network namespace or container on the same kernel): then both ends share
// its CPUs, and where nothing but the kernel lies between them (job.cpp's
// kKernelPathUs) a second data connection only makes the two ends' threads
// contend for them: a push with auto streams starts on one there. Measured with the benchmark's ends in two namespaces of
// one 2-core machine: 65,536 files of 4 KiB in 0.98 s over one connection
// against 1.055 s over auto's two, a 1 GiB file in 0.80 s against 0.93 s.
//
// The server says which machine it is in JobAccept (since protocol 18): a
// fresh random nonce and an HMAC of its boot id (platform::bootId) keyed with
// it. A client computes the same with its own boot id and compares; it
// learns whether the server is its own machine and nothing else: every job's
// token differs, so two jobs' tokens do not show that two addresses are one
// host, or that it rebooted between them, whatever the client sends.

#include <string>

namespace fg {

// This machine's token for one job: 32 bytes (the nonce, then the first 16
// bytes of the HMAC), a new one each call; empty where the OS has no boot id.
std::string machineToken();

// Whether a server's token (from its JobAccept) is this machine's.
bool isThisMachine(const std::string& serverToken);

} // namespace fg
