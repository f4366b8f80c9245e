// tcpcat: one plain TCP stream between a pipe and a socket, nothing else.
//
// The benchmark's reference peer is an unencrypted `tar | one TCP stream |
// tar x`. nc and socat would do, but their small fixed buffers and differing
// flags across distributions make the reference depend on which one is
// installed; this is a page of code with large buffers and kernel autotuning left on.
//
//   tcpcat -l ADDR:PORT   listen, accept one connection, copy it to stdout;
//                         prints "tcpcat: listening" on stderr once ready
//   tcpcat ADDR:PORT      connect (retrying for 10 s), copy stdin to it, then
//                         half-close and wait until the receiver has closed

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

[[noreturn]] void die(const char* what)
{
    std::fprintf(stderr, "tcpcat: %s: %s\n", what, std::strerror(errno));
    std::exit(1);
}

sockaddr_in parseAddr(const std::string& text)
{
    size_t colon = text.rfind(':');
    if (colon == std::string::npos) {
        std::fprintf(stderr, "tcpcat: expected ADDR:PORT, got %s\n", text.c_str());
        std::exit(2);
    }
    sockaddr_in sa{};
    sa.sin_family = AF_INET;
    sa.sin_port = htons(uint16_t(std::atoi(text.c_str() + colon + 1)));
    if (inet_pton(AF_INET, text.substr(0, colon).c_str(), &sa.sin_addr) != 1) {
        std::fprintf(stderr, "tcpcat: bad IPv4 address in %s\n", text.c_str());
        std::exit(2);
    }
    return sa;
}

// Copies until EOF on `from`. Large buffer: fewer syscalls per byte.
void copy(int from, int to)
{
    std::vector<char> buf(1 << 20);
    for (;;) {
        ssize_t n = read(from, buf.data(), buf.size());
        if (n == 0) return;
        if (n < 0) {
            if (errno == EINTR) continue;
            die("read");
        }
        for (ssize_t off = 0; off < n;) {
            ssize_t w = write(to, buf.data() + off, size_t(n - off));
            if (w < 0) {
                if (errno == EINTR) continue;
                die("write");
            }
            off += w;
        }
    }
}

} // namespace

int main(int argc, char** argv)
{
    if (argc == 3 && std::string(argv[1]) == "-l") {
        sockaddr_in sa = parseAddr(argv[2]);
        int ls = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        int one = 1;
        setsockopt(ls, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (bind(ls, reinterpret_cast<sockaddr*>(&sa), sizeof sa) != 0) die("bind");
        if (listen(ls, 1) != 0) die("listen");
        std::fprintf(stderr, "tcpcat: listening\n");
        std::fflush(stderr);
        int s = accept4(ls, nullptr, nullptr, SOCK_CLOEXEC);
        if (s < 0) die("accept");
        close(ls);
        copy(s, STDOUT_FILENO);
        close(s);
        return 0;
    }
    if (argc == 2) {
        sockaddr_in sa = parseAddr(argv[1]);
        int s = -1;
        for (int attempt = 0; attempt < 100; ++attempt) { // the listener may still be starting
            s = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
            if (connect(s, reinterpret_cast<sockaddr*>(&sa), sizeof sa) == 0) break;
            close(s);
            s = -1;
            usleep(100000);
        }
        if (s < 0) die("connect");
        copy(STDIN_FILENO, s);
        shutdown(s, SHUT_WR);
        char c;
        while (read(s, &c, 1) > 0) {
        } // the receiver closes after it has read everything
        close(s);
        return 0;
    }
    std::fprintf(stderr, "usage: tcpcat -l ADDR:PORT > out   |   tcpcat ADDR:PORT < in\n");
    return 2;
}
