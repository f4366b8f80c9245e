// TCP_INFO through the kernel's own struct: glibc's <netinet/tcp.h> predates
// the fields that say who limits a connection (busy, rwnd- and sndbuf-limited
// time, delivery rate), and the two headers cannot be mixed in one file.

#include "platform/socket.h"

#include <cerrno>
#include <cstddef>
#include <linux/tcp.h>
#include <netinet/in.h>
#include <sys/socket.h>

namespace fg::platform {

Result<TcpInfo> tcpInfo(int fd)
{
    struct tcp_info ti{};
    socklen_t len = sizeof ti;
    if (::getsockopt(fd, IPPROTO_TCP, TCP_INFO, &ti, &len) != 0) return sysError(errno, "TCP_INFO");
    TcpInfo out;
    out.rttUs = ti.tcpi_rtt;
    out.rttVarUs = ti.tcpi_rttvar;
    out.cwndSegments = ti.tcpi_snd_cwnd;
    out.mss = ti.tcpi_snd_mss;
    out.totalRetrans = ti.tcpi_total_retrans;
    out.minRttUs = ti.tcpi_min_rtt;
    // Fields newer kernels added: zero when the kernel's struct is shorter.
    if (len >= offsetof(struct tcp_info, tcpi_sndbuf_limited) + sizeof ti.tcpi_sndbuf_limited) {
        out.notSentBytes = ti.tcpi_notsent_bytes;
        out.deliveryRate = ti.tcpi_delivery_rate;
        out.bytesAcked = ti.tcpi_bytes_acked;
        out.bytesReceived = ti.tcpi_bytes_received;
        out.busyUs = ti.tcpi_busy_time;
        out.rwndLimitedUs = ti.tcpi_rwnd_limited;
        out.sndbufLimitedUs = ti.tcpi_sndbuf_limited;
        out.hasChronographs = true;
    }
    if (len >= offsetof(struct tcp_info, tcpi_bytes_retrans) + sizeof ti.tcpi_bytes_retrans) {
        out.bytesSent = ti.tcpi_bytes_sent;
        out.bytesRetrans = ti.tcpi_bytes_retrans;
    }
    return out;
}

} // namespace fg::platform
