#include "net/tcp_stream.h"

namespace fg::net {

TcpStream::TcpStream(platform::Socket socket) : m_socket(std::move(socket)), m_peer(m_socket.peerName()) {}

Result<size_t> TcpStream::read(void* buffer, size_t n) { return m_socket.read(buffer, n); }

Status TcpStream::writeAll(const void* data, size_t n) { return m_socket.writeAll(data, n); }

void TcpStream::shutdown() { m_socket.shutdownBoth(); }

std::string TcpStream::describe() const { return "tcp " + m_peer; }

} // namespace fg::net
