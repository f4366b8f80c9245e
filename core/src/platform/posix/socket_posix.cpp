#include "platform/socket.h"

#include <arpa/inet.h>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>

namespace fg::platform {

Socket::Socket(Socket&& other) noexcept : m_fd(other.m_fd) { other.m_fd = -1; }

Socket& Socket::operator=(Socket&& other) noexcept
{
    if (this != &other) {
        close();
        m_fd = other.m_fd;
        other.m_fd = -1;
    }
    return *this;
}

Socket::~Socket() { close(); }

void Socket::close()
{
    if (m_fd >= 0) ::close(m_fd);
    m_fd = -1;
}

Result<Socket> Socket::connectTcp(const std::string& host, uint16_t port, int timeoutMs)
{
    struct addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    struct addrinfo* res = nullptr;
    std::string service = std::to_string(port);
    int gai = ::getaddrinfo(host.c_str(), service.c_str(), &hints, &res);
    if (gai != 0)
        return Error(Errc::Network, "cannot resolve host '" + host + "': " + ::gai_strerror(gai)
                                        + " (check the name, or use an IP address)");
    Error last(Errc::Network, "no address for " + host);
    for (auto* ai = res; ai; ai = ai->ai_next) {
        int fd = ::socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, ai->ai_protocol);
        if (fd < 0) {
            last = sysError(errno, "socket");
            continue;
        }
        Socket sock(fd);
        int rc = ::connect(fd, ai->ai_addr, ai->ai_addrlen);
        if (rc != 0 && errno == EINPROGRESS) {
            auto ready = waitReady(fd, Readiness::Writable, timeoutMs);
            if (!ready.ok()) {
                last = ready.error();
                continue;
            }
            if (!*ready) {
                last = Error(Errc::Network, "connecting to " + host + ":" + service + " timed out", ETIMEDOUT);
                continue;
            }
            int soerr = 0;
            socklen_t len = sizeof soerr;
            ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &soerr, &len);
            rc = soerr == 0 ? 0 : -1;
            errno = soerr;
        }
        if (rc != 0) {
            last = sysError(errno, "connect to " + host + ":" + service);
            last.code = Errc::Network;
            continue;
        }
        ::freeaddrinfo(res);
        FG_TRY(sock.setNonBlocking(false));
        (void)sock.setNoDelay(true);
        return sock;
    }
    ::freeaddrinfo(res);
    if (last.sysErrno == ECONNREFUSED)
        last.message += " (is `floodgate serve` running there, and on this port?)";
    return last;
}

Result<size_t> Socket::read(void* buffer, size_t n)
{
    for (;;) {
        ssize_t r = ::recv(m_fd, buffer, n, 0);
        if (r >= 0) return size_t(r);
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) return Error(Errc::Network, "would block", EAGAIN);
        Error e = sysError(errno, "receive");
        e.code = Errc::Network;
        return e;
    }
}

Result<size_t> Socket::writeSome(const void* data, size_t n)
{
    for (;;) {
        ssize_t w = ::send(m_fd, data, n, MSG_NOSIGNAL);
        if (w >= 0) return size_t(w);
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) return size_t(0);
        Error e = sysError(errno, "send");
        e.code = Errc::Network;
        return e;
    }
}

Status Socket::writeAll(const void* data, size_t n)
{
    const auto* p = static_cast<const char*>(data);
    while (n > 0) {
        FG_TRY_ASSIGN(size_t w, writeSome(p, n));
        if (w == 0) {
            FG_TRY(waitReady(m_fd, Readiness::Writable, -1));
            continue;
        }
        p += w;
        n -= w;
    }
    return {};
}

Status Socket::setNonBlocking(bool on)
{
    int flags = ::fcntl(m_fd, F_GETFL);
    if (flags < 0) return sysError(errno, "fcntl");
    flags = on ? (flags | O_NONBLOCK) : (flags & ~O_NONBLOCK);
    if (::fcntl(m_fd, F_SETFL, flags) != 0) return sysError(errno, "fcntl");
    return {};
}

Status Socket::setNoDelay(bool on)
{
    int v = on ? 1 : 0;
    if (::setsockopt(m_fd, IPPROTO_TCP, TCP_NODELAY, &v, sizeof v) != 0) return sysError(errno, "TCP_NODELAY");
    return {};
}

void Socket::shutdownBoth()
{
    if (m_fd >= 0) ::shutdown(m_fd, SHUT_RDWR);
}

namespace {

// The peer's numeric address and port; false when the socket has none.
bool peerParts(int fd, std::string* host, std::string* port)
{
    struct sockaddr_storage ss{};
    socklen_t len = sizeof ss;
    if (::getpeername(fd, reinterpret_cast<struct sockaddr*>(&ss), &len) != 0) return false;
    char h[NI_MAXHOST] = {};
    char s[NI_MAXSERV] = {};
    if (::getnameinfo(reinterpret_cast<struct sockaddr*>(&ss), len, h, sizeof h, s, sizeof s,
                      NI_NUMERICHOST | NI_NUMERICSERV) != 0)
        return false;
    *host = h;
    *port = s;
    return true;
}

} // namespace

std::string Socket::peerName() const
{
    std::string host, port;
    return peerParts(m_fd, &host, &port) ? host + ":" + port : std::string("?");
}

std::string Socket::peerAddress() const
{
    std::string host, port;
    return peerParts(m_fd, &host, &port) ? host : std::string("?");
}

Listener::Listener(Listener&& other) noexcept
    : m_fd(other.m_fd), m_port(other.m_port), m_localPath(std::move(other.m_localPath))
{
    other.m_fd = -1;
    other.m_localPath.clear();
}

Listener& Listener::operator=(Listener&& other) noexcept
{
    if (this != &other) {
        close();
        m_fd = other.m_fd;
        m_port = other.m_port;
        m_localPath = std::move(other.m_localPath);
        other.m_fd = -1;
        other.m_localPath.clear();
    }
    return *this;
}

Listener::~Listener() { close(); }

void Listener::close()
{
    if (m_fd >= 0) ::close(m_fd);
    m_fd = -1;
    if (!m_localPath.empty()) ::unlink(m_localPath.c_str());
    m_localPath.clear();
}

namespace {

Result<struct sockaddr_un> localAddress(const std::string& path)
{
    struct sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    if (path.size() >= sizeof addr.sun_path)
        return Error(Errc::InvalidArgument, "the admin socket path " + path + " is longer than "
                                                + std::to_string(sizeof addr.sun_path - 1)
                                                + " bytes, which local sockets allow; use a shorter --state-dir");
    std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
    return addr;
}

} // namespace

Result<Socket> Socket::connectLocal(const std::string& path)
{
    FG_TRY_ASSIGN(struct sockaddr_un addr, localAddress(path));
    int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return sysError(errno, "socket");
    if (::connect(fd, reinterpret_cast<struct sockaddr*>(&addr), sizeof addr) != 0) {
        int err = errno;
        ::close(fd);
        return sysError(err, "connect to " + path);
    }
    return Socket(fd);
}

bool Socket::peerIsSameUserOrAdmin() const
{
#ifdef SO_PEERCRED
    struct ucred cred{};
    socklen_t len = sizeof cred;
    if (::getsockopt(m_fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) return false;
    const uid_t uid = cred.uid;
#else
    uid_t uid = 0;
    gid_t gid = 0;
    if (::getpeereid(m_fd, &uid, &gid) != 0) return false;
#endif
    // root may do anything to the daemon anyway (signals, its files).
    return uid == ::geteuid() || uid == 0;
}

Result<Listener> Listener::listenLocal(const std::string& path)
{
    FG_TRY_ASSIGN(struct sockaddr_un addr, localAddress(path));
    // A socket file from a process that died answers no one: replace it. One
    // that answers belongs to a daemon still running on the same state.
    if (auto probe = Socket::connectLocal(path); probe.ok())
        return Error(Errc::InvalidArgument, "another floodgate daemon is running with this state directory (it "
                                                "answers on " + path + ")");
    ::unlink(path.c_str());
    int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return sysError(errno, "socket");
    if (::bind(fd, reinterpret_cast<struct sockaddr*>(&addr), sizeof addr) != 0 || ::chmod(path.c_str(), 0600) != 0
        || ::listen(fd, 16) != 0) {
        int err = errno;
        ::close(fd);
        ::unlink(path.c_str());
        return sysError(err, "make the admin socket " + path);
    }
    Listener l;
    l.m_fd = fd;
    l.m_localPath = path;
    return l;
}

Result<Listener> Listener::listenTcp(const std::string& host, uint16_t port)
{
    struct addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    struct addrinfo* res = nullptr;
    std::string service = std::to_string(port);
    int gai = ::getaddrinfo(host.empty() ? nullptr : host.c_str(), service.c_str(), &hints, &res);
    if (gai != 0) return Error(Errc::InvalidArgument, "cannot resolve listen address '" + host + "': " + ::gai_strerror(gai));
    Error last(Errc::Network, "no address to listen on for " + host);
    for (auto* ai = res; ai; ai = ai->ai_next) {
        int fd = ::socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
        if (fd < 0) {
            last = sysError(errno, "socket");
            continue;
        }
        int one = 1;
        ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (::bind(fd, ai->ai_addr, ai->ai_addrlen) != 0 || ::listen(fd, 128) != 0) {
            last = sysError(errno, "listen on " + host + ":" + service);
            last.code = Errc::Network;
            ::close(fd);
            continue;
        }
        struct sockaddr_storage ss{};
        socklen_t len = sizeof ss;
        ::getsockname(fd, reinterpret_cast<struct sockaddr*>(&ss), &len);
        Listener l;
        l.m_fd = fd;
        l.m_port = ss.ss_family == AF_INET6 ? ntohs(reinterpret_cast<struct sockaddr_in6*>(&ss)->sin6_port)
                                            : ntohs(reinterpret_cast<struct sockaddr_in*>(&ss)->sin_port);
        ::freeaddrinfo(res);
        return l;
    }
    ::freeaddrinfo(res);
    return last;
}

Result<Socket> Listener::accept(int timeoutMs)
{
    FG_TRY_ASSIGN(bool ready, waitReady(m_fd, Readiness::Readable, timeoutMs));
    if (!ready) return Socket();
    int fd = ::accept4(m_fd, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0) {
        if (errno == EINTR || errno == EAGAIN || errno == ECONNABORTED) return Socket();
        return sysError(errno, "accept");
    }
    Socket s(fd);
    (void)s.setNoDelay(true);
    return s;
}

bool peerHasClosed(int fd)
{
#ifdef POLLRDHUP
    // POLLRDHUP: the peer's FIN, even behind unread bytes; POLLERR and
    // POLLHUP: its reset.
    struct pollfd p{};
    p.fd = fd;
    p.events = POLLRDHUP;
    int rc = 0;
    do rc = ::poll(&p, 1, 0);
    while (rc < 0 && errno == EINTR);
    return rc > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR)) != 0;
#else
    // Only an end with nothing unread before it shows here.
    char c = 0;
    const ssize_t n = ::recv(fd, &c, 1, MSG_PEEK | MSG_DONTWAIT);
    return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
#endif
}

Result<bool> waitReady(int fd, Readiness what, int timeoutMs)
{
    struct pollfd p{};
    p.fd = fd;
    p.events = what == Readiness::Readable ? POLLIN : POLLOUT;
    for (;;) {
        int rc = ::poll(&p, 1, timeoutMs);
        if (rc < 0) {
            if (errno == EINTR) continue;
            return sysError(errno, "poll");
        }
        // Errors and hang-ups count as ready: the next read or write reports them.
        return rc > 0;
    }
}

namespace {
std::string readProcText(const char* path)
{
    int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return {};
    char buf[512];
    ssize_t n = ::read(fd, buf, sizeof buf - 1);
    ::close(fd);
    if (n <= 0) return {};
    std::string text(buf, size_t(n));
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    return text;
}

uint64_t lastNumber(const std::string& text)
{
    size_t end = text.find_last_of("0123456789");
    if (end == std::string::npos) return 0;
    size_t start = text.find_last_not_of("0123456789", end);
    start = start == std::string::npos ? 0 : start + 1;
    return std::strtoull(text.substr(start, end - start + 1).c_str(), nullptr, 10);
}
} // namespace

NetLimits readNetLimits()
{
    NetLimits l;
    l.wmemMax = lastNumber(readProcText("/proc/sys/net/core/wmem_max"));
    l.rmemMax = lastNumber(readProcText("/proc/sys/net/core/rmem_max"));
    l.tcpWmemMax = lastNumber(readProcText("/proc/sys/net/ipv4/tcp_wmem"));
    l.tcpRmemMax = lastNumber(readProcText("/proc/sys/net/ipv4/tcp_rmem"));
    l.congestion = readProcText("/proc/sys/net/ipv4/tcp_congestion_control");
    l.availableCongestion = readProcText("/proc/sys/net/ipv4/tcp_available_congestion_control");
    return l;
}

Status setCongestionControl(int fd, const std::string& name)
{
    if (::setsockopt(fd, IPPROTO_TCP, TCP_CONGESTION, name.c_str(), socklen_t(name.size())) != 0) {
        Error e = sysError(errno, "congestion control '" + name + "'");
        e.code = Errc::InvalidArgument;
        return e;
    }
    return {};
}

std::string congestionControl(int fd)
{
    char name[32] = {};
    socklen_t len = sizeof name;
    if (::getsockopt(fd, IPPROTO_TCP, TCP_CONGESTION, name, &len) != 0) return {};
    return std::string(name, strnlen(name, sizeof name));
}

Status setNotSentLowat(int fd, uint32_t bytes)
{
    int v = int(bytes);
    if (::setsockopt(fd, IPPROTO_TCP, TCP_NOTSENT_LOWAT, &v, sizeof v) != 0) return sysError(errno, "TCP_NOTSENT_LOWAT");
    return {};
}

Result<uint32_t> notSentLowat(int fd)
{
    int v = 0;
    socklen_t len = sizeof v;
    if (::getsockopt(fd, IPPROTO_TCP, TCP_NOTSENT_LOWAT, &v, &len) != 0) return sysError(errno, "TCP_NOTSENT_LOWAT");
    return uint32_t(v);
}

Result<uint64_t> sendBufferSize(int fd)
{
    int v = 0;
    socklen_t len = sizeof v;
    if (::getsockopt(fd, SOL_SOCKET, SO_SNDBUF, &v, &len) != 0) return sysError(errno, "SO_SNDBUF");
    return uint64_t(v);
}

Status setSendBufferSize(int fd, uint64_t bytes, bool force)
{
    int v = int(std::min<uint64_t>(bytes, uint64_t(1) << 30));
    if (force && ::setsockopt(fd, SOL_SOCKET, SO_SNDBUFFORCE, &v, sizeof v) == 0) return {};
    if (::setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &v, sizeof v) != 0) return sysError(errno, "SO_SNDBUF");
    return {};
}

void ignoreSigpipe()
{
    struct sigaction sa{};
    sa.sa_handler = SIG_IGN;
    ::sigaction(SIGPIPE, &sa, nullptr);
}

} // namespace fg::platform
