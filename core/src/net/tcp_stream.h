#pragma once
#include "internal.h"

#include "net/stream.h"
#include "platform/socket.h"

namespace fg::net {

class TcpStream final : public Stream {
public:
    explicit TcpStream(platform::Socket socket);
    Result<size_t> read(void* buffer, size_t n) override;
    Status writeAll(const void* data, size_t n) override;
    void shutdown() override;
    std::string describe() const override;
    int socketFd() const override { return m_socket.fd(); }

private:
    platform::Socket m_socket;
    std::string m_peer;
};

} // namespace fg::net
