#pragma once
// Connected pairs over 127.0.0.1, plain TCP or TLS, for the suites that test
// the socket and TLS layers and what is built on them.

#include "net/tls_context.h"
#include "net/tls_stream.h"
#include "platform/socket.h"

#include <memory>
#include <string>

namespace fgtest {

struct TcpPair {
    fg::platform::Socket client;
    fg::platform::Socket server;
};

// Connects a client to a fresh listener and accepts it.
// Returns "" on success, else which step failed and why.
std::string connectTcpPair(TcpPair& out, int timeoutMs = 5000);

struct TlsPair {
    std::unique_ptr<fg::net::TlsStream> client;
    std::unique_ptr<fg::net::TlsStream> server;
};

// Runs a client and a server handshake at once over a fresh listener.
// Returns "" on success, else which side failed and why.
std::string connectTlsPair(fg::net::TlsContext& clientCtx, fg::net::TlsContext& serverCtx, TlsPair& out,
                           int handshakeMs = 5000);

} // namespace fgtest
