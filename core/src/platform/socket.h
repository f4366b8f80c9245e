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
    // A local socket (a Unix domain socket at `path`): a daemon's admin door.
    static Result<Socket> connectLocal(const std::string& path);
    // Whether the process at the other end of a local socket runs as this
    // process's user or as root (SO_PEERCRED): the admin door opens for no
    // one else.
    bool peerIsSameUserOrAdmin() const;

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
    std::string peerName() const;    // "ADDRESS:PORT", numeric
    std::string peerAddress() const; // "ADDRESS": the host the connection came from

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
    // A local socket at `path`, which only this user may open (mode 0600). A
    // socket left there by a process that is gone is replaced; one that a
    // live process answers on is an error (Errc::InvalidArgument).
    static Result<Listener> listenLocal(const std::string& path);
    uint16_t port() const { return m_port; }
    // Waits up to timeoutMs for a connection; an invalid Socket on timeout.
    Result<Socket> accept(int timeoutMs);
    void close();

private:
    int m_fd = -1;
    uint16_t m_port = 0;
    std::string m_localPath; // removed on close
};

// What the kernel knows about one TCP connection (Linux TCP_INFO): who limits
// it. Times are microseconds; *LimitedUs count since the connection began.
struct TcpInfo {
    uint32_t rttUs = 0;
    uint32_t rttVarUs = 0;
    uint32_t cwndSegments = 0;
    uint32_t mss = 0;
    uint32_t totalRetrans = 0;
    uint32_t minRttUs = 0;        // the least seen on the connection
    uint32_t notSentBytes = 0;
    uint64_t deliveryRate = 0;    // bytes/s, the kernel's estimate
    uint64_t bytesAcked = 0;
    uint64_t bytesReceived = 0;
    uint64_t busyUs = 0;          // time with data in flight
    uint64_t rwndLimitedUs = 0;   // stalled by the receiver's window
    uint64_t sndbufLimitedUs = 0; // stalled by our send buffer
    uint64_t bytesSent = 0;       // resent bytes included
    uint64_t bytesRetrans = 0;
    // The kernel gave the send-limit chronographs (Linux 4.9+): without
    // them busy, rwnd- and sndbuf-limited times are zero, not measured.
    bool hasChronographs = false;
};
Result<TcpInfo> tcpInfo(int fd);

// The system's limits on socket buffers and the congestion controls on offer.
struct NetLimits {
    uint64_t wmemMax = 0;     // net.core.wmem_max: the most SO_SNDBUF may ask
    uint64_t rmemMax = 0;     // net.core.rmem_max
    uint64_t tcpWmemMax = 0;  // net.ipv4.tcp_wmem[2]: autotuning's ceiling
    uint64_t tcpRmemMax = 0;  // net.ipv4.tcp_rmem[2]
    std::string congestion;   // net.ipv4.tcp_congestion_control
    std::string availableCongestion;
};
NetLimits readNetLimits();

Status setCongestionControl(int fd, const std::string& name);
std::string congestionControl(int fd);
// Unsent bytes the socket keeps before it stops taking more: small for a
// control connection so what we write goes out now, not behind a backlog.
Status setNotSentLowat(int fd, uint32_t bytes);
Result<uint32_t> notSentLowat(int fd);
Result<uint64_t> sendBufferSize(int fd);
// Sets SO_SNDBUF (which turns autotuning off for the socket); with force,
// tries SO_SNDBUFFORCE first (needs CAP_NET_ADMIN) to pass net.core.wmem_max.
Status setSendBufferSize(int fd, uint64_t bytes, bool force);

// The other end of this connected TCP socket has closed its side or reset
// the connection (a FIN or RST has arrived). Never blocks; false where it
// cannot tell. Linux sees a FIN even behind bytes not yet read; Windows (a
// peek) only where nothing unread comes before it.
bool peerHasClosed(int fd);

enum class Readiness : uint8_t { Readable, Writable };
// Waits until fd is ready (true) or the timeout passes (false); -1 waits forever.
Result<bool> waitReady(int fd, Readiness what, int timeoutMs);

// Writing to a closed socket or pipe must give EPIPE, not kill the process.
void ignoreSigpipe();

} // namespace fg::platform
