#include "net/tcp_stream.h"

#include "metrics/stage_track.h"

#include <cerrno>

namespace fg::net {

// Non-blocking, so that the time spent waiting for the network is told apart
// from the system calls (a blocking call is both at once): the socket is
// tried first, and polled only when it has nothing (or no room), as the TLS
// stream does. shutdown() wakes a poll with POLLHUP.
TcpStream::TcpStream(platform::Socket socket) : m_socket(std::move(socket)), m_peer(m_socket.peerName())
{
    (void)m_socket.setNonBlocking(true);
}

Result<size_t> TcpStream::read(void* buffer, size_t n)
{
    StageScope busy(StageId::Receive);
    for (;;) {
        auto r = m_socket.read(buffer, n);
        if (r.ok() || r.error().sysErrno != EAGAIN) return r;
        StageScope wait(StageId::Receive, StageState::WaitInput);
        FG_TRY(platform::waitReady(m_socket.fd(), platform::Readiness::Readable, -1));
    }
}

Status TcpStream::writeAll(const void* data, size_t n)
{
    StageScope busy(StageId::Send);
    const auto* p = static_cast<const char*>(data);
    while (n > 0) {
        FG_TRY_ASSIGN(size_t w, m_socket.writeSome(p, n));
        if (w == 0) {
            StageScope wait(StageId::Send, StageState::WaitOutput);
            FG_TRY(platform::waitReady(m_socket.fd(), platform::Readiness::Writable, -1));
            continue;
        }
        p += w;
        n -= w;
    }
    return {};
}

void TcpStream::shutdown() { m_socket.shutdownBoth(); }

std::string TcpStream::describe() const { return "tcp " + m_peer; }

} // namespace fg::net
