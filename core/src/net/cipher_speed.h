#pragma once
#include "internal.h"
// How fast this CPU seals TLS records with each cipher the data connections
// may use: what `floodgate probe` compares against the link. The records are
// TLS 1.3's (16 KiB plaintext, AEAD with a 16-byte tag), sealed by OpenSSL
// as the connections do; opening costs the same within a few percent, so one
// figure stands for both ends' work.

#include <floodgate/options.h>

namespace fg::net {

// Bytes of plaintext per second, measured for about `seconds` (0 when
// OpenSSL lacks the cipher). CipherChoice::None is memory speed: not asked.
double cipherBytesPerSec(CipherChoice cipher, double seconds);

} // namespace fg::net
