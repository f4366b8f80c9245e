#pragma once
#include "internal.h"
// --cipher none on a daemon's data connections. Each one still joins its
// session over TLS, so it is mutually authenticated and bound to the session
// by its token; then both ends end TLS in order and the frames go on over
// the bare TCP socket. The control connection never drops TLS.
//
// Order on each end (docs/PROTOCOL.md, "Unencrypted data connections"):
//   preparePlainSwitch    before the join exchange: TLS records are read
//                         exactly from then on, never ahead
//   JoinStream -> StreamAccepted
//   switchToPlain         close_notify sent, the peer's read, socket kept
// Neither end writes a plain byte before it has read the peer's
// close_notify, and exact reads leave the peer's plain bytes in the socket
// even if a peer did.

#include "proto/frame.h"

#include <string>

namespace fg {

// A close exchange is one round trip; the handshake's bound is ample.
inline constexpr int kPlainSwitchTimeoutMs = 15000;

Status preparePlainSwitch(proto::FrameLink& link);
Status switchToPlain(proto::FrameLink& link, int timeoutMs = kPlainSwitchTimeoutMs);

// What protects a link's data, for logs: the TLS 1.3 suite
// ("TLS_AES_128_GCM_SHA256"), kUnencrypted for plain TCP, "" for a link that
// is neither (an ssh pipe, in-process).
inline constexpr const char* kUnencrypted = "unencrypted";
std::string linkProtection(const proto::FrameLink& link);
// TLS protects the link's frames: this end encrypts what it sends on it and
// decrypts what it reads (not so for plain TCP, an ssh pipe, in-process).
bool linkEncrypts(const proto::FrameLink& link);

} // namespace fg
