#pragma once
// A connected pair of TLS streams over 127.0.0.1, for the suites that test
// the TLS layer and what is built on it.

#include "net/tls_context.h"
#include "net/tls_stream.h"

#include <memory>
#include <string>

namespace fgtest {

struct TlsPair {
    std::unique_ptr<fg::net::TlsStream> client;
    std::unique_ptr<fg::net::TlsStream> server;
};

// Runs a client and a server handshake at once over a fresh listener.
// Returns "" on success, else which side failed and why.
std::string connectTlsPair(fg::net::TlsContext& clientCtx, fg::net::TlsContext& serverCtx, TlsPair& out,
                           int handshakeMs = 5000);

} // namespace fgtest
