#include "tls_pair.h"

#include "platform/socket.h"

#include <optional>
#include <thread>

namespace fgtest {

std::string connectTcpPair(TcpPair& out, int timeoutMs)
{
    namespace platform = fg::platform;
    auto listener = platform::Listener::listenTcp("127.0.0.1", 0);
    if (!listener.ok()) return "listen: " + listener.error().message;
    // The listener's backlog takes the connection before accept() is called.
    auto client = platform::Socket::connectTcp("127.0.0.1", listener->port(), timeoutMs);
    if (!client.ok()) return "connect: " + client.error().message;
    auto server = listener->accept(timeoutMs);
    if (!server.ok()) return "accept: " + server.error().message;
    if (!server->valid()) return "accept: no connection arrived";
    out.client = std::move(*client);
    out.server = std::move(*server);
    return {};
}

std::string connectTlsPair(fg::net::TlsContext& clientCtx, fg::net::TlsContext& serverCtx, TlsPair& out,
                           int handshakeMs)
{
    using StreamResult = fg::Result<std::unique_ptr<fg::net::TlsStream>>;
    namespace platform = fg::platform;
    auto listener = platform::Listener::listenTcp("127.0.0.1", 0);
    if (!listener.ok()) return "listen: " + listener.error().message;
    const uint16_t port = listener->port();
    std::optional<StreamResult> client;
    std::thread connector([&] {
        auto sock = platform::Socket::connectTcp("127.0.0.1", port, handshakeMs);
        if (!sock.ok()) client.emplace(sock.error());
        else client.emplace(fg::net::tlsConnect(std::move(*sock), clientCtx, handshakeMs));
    });
    std::optional<StreamResult> server;
    auto sock = listener->accept(handshakeMs);
    if (!sock.ok()) server.emplace(sock.error());
    else if (!sock->valid()) server.emplace(fg::Error(fg::Errc::Network, "no connection arrived"));
    else server.emplace(fg::net::tlsAccept(std::move(*sock), serverCtx, handshakeMs));
    connector.join();
    if (!client->ok()) return "client: " + client->error().message;
    if (!server->ok()) return "server: " + server->error().message;
    out.client = std::move(*client).value();
    out.server = std::move(*server).value();
    return {};
}

} // namespace fgtest
