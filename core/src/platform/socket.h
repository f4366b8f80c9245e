#pragma once
#include "internal.h"
// TCP sockets and descriptor readiness. A Socket may be read by one thread
// while another writes; shutdown() from any thread wakes both.

#include <floodgate/error.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace fg::platform {

class Socket {
public:
    Socket() = default;
    explicit Socket(int fd) : m_fd(fd) {}
    Socket(Socket&& other) noexcept;
    Socket& operator=(Socket&& other) noexcept;
    Socket(const Socket&) = delete;
    Socket& operator=(const Socket&) = delete;
    ~Socket();

    static Result<Socket> connectTcp(const std::string& host, uint16_t port, int timeoutMs);

    bool valid() const { return m_fd >= 0; }
    int fd() const { return m_fd; }
    // 0 means the peer closed its side.
    Result<size_t> read(void* buffer, size_t n);
    // Returns what was written (0 if the socket is non-blocking and full).
    Result<size_t> writeSome(const void* data, size_t n);
    Status writeAll(const void* data, size_t n);
    Status setNonBlocking(bool on);
    Status setNoDelay(bool on);
    void shutdownBoth();
    void close();
    std::string peerName() const;

private:
    int m_fd = -1;
};

class Listener {
public:
    Listener() = default;
    Listener(Listener&& other) noexcept;
    Listener& operator=(Listener&& other) noexcept;
    Listener(const Listener&) = delete;
    Listener& operator=(const Listener&) = delete;
    ~Listener();

    static Result<Listener> listenTcp(const std::string& host, uint16_t port);
    uint16_t port() const { return m_port; }
    // Waits up to timeoutMs for a connection; an invalid Socket on timeout.
    Result<Socket> accept(int timeoutMs);
    void close();

private:
    int m_fd = -1;
    uint16_t m_port = 0;
};

enum class Readiness : uint8_t { Readable, Writable };
// Waits until fd is ready (true) or the timeout passes (false); -1 waits forever.
Result<bool> waitReady(int fd, Readiness what, int timeoutMs);

// Writing to a closed socket or pipe must give EPIPE, not kill the process.
void ignoreSigpipe();

} // namespace fg::platform
