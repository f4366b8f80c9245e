#include "platform/process.h"
#include "platform/fs.h"

#include <cerrno>
#include <cstdlib>
#include <csignal>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <grp.h>
#include <pwd.h>
#include <unistd.h>

#include <ctime>
#include <fstream>
#include <vector>

extern char** environ;

namespace fg::platform {

Fd& Fd::operator=(Fd&& other) noexcept
{
    if (this != &other) {
        close();
        m_fd = other.m_fd;
        m_nonBlocking = other.m_nonBlocking;
        other.m_fd = -1;
    }
    return *this;
}

Fd::~Fd() { close(); }

void Fd::close()
{
    if (m_fd >= 0) ::close(m_fd);
    m_fd = -1;
}

Result<size_t> Fd::read(void* buffer, size_t n)
{
    for (;;) {
        ssize_t r = ::read(m_fd, buffer, n);
        if (r >= 0) return size_t(r);
        if (errno == EINTR) continue;
        Error e = sysError(errno, "read pipe");
        e.code = Errc::Network;
        return e;
    }
}

Result<size_t> Fd::writeSome(const void* data, size_t n)
{
    for (;;) {
        ssize_t w = ::write(m_fd, data, n);
        if (w >= 0) return size_t(w);
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) return size_t(0);
        Error e = sysError(errno, "write pipe");
        e.code = Errc::Network;
        return e;
    }
}

Status Fd::setNonBlocking(bool on)
{
    int flags = ::fcntl(m_fd, F_GETFL);
    if (flags < 0) return sysError(errno, "fcntl");
    flags = on ? (flags | O_NONBLOCK) : (flags & ~O_NONBLOCK);
    if (::fcntl(m_fd, F_SETFL, flags) != 0) return sysError(errno, "fcntl");
    m_nonBlocking = on;
    return {};
}

Status Fd::writeAll(const void* data, size_t n)
{
    const auto* p = static_cast<const char*>(data);
    while (n > 0) {
        ssize_t w = ::write(m_fd, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            Error e = sysError(errno, "write pipe");
            e.code = Errc::Network;
            return e;
        }
        p += w;
        n -= size_t(w);
    }
    return {};
}

ChildProcess::ChildProcess(ChildProcess&& other) noexcept
    : m_pid(other.m_pid), m_stdin(std::move(other.m_stdin)), m_stdout(std::move(other.m_stdout))
{
    other.m_pid = -1;
}

ChildProcess& ChildProcess::operator=(ChildProcess&& other) noexcept
{
    if (this != &other) {
        if (m_pid > 0) {
            terminate();
            wait();
        }
        m_pid = other.m_pid;
        m_stdin = std::move(other.m_stdin);
        m_stdout = std::move(other.m_stdout);
        other.m_pid = -1;
    }
    return *this;
}

ChildProcess::~ChildProcess()
{
    if (m_pid > 0) {
        m_stdin.close();
        m_stdout.close();
        terminate();
        wait();
    }
}

Result<ChildProcess> ChildProcess::spawn(const std::vector<std::string>& argv)
{
    if (argv.empty()) return Error(Errc::InvalidArgument, "empty command");
    int in[2];
    int out[2];
    if (::pipe2(in, O_CLOEXEC) != 0) return sysError(errno, "pipe");
    if (::pipe2(out, O_CLOEXEC) != 0) {
        int err = errno;
        ::close(in[0]);
        ::close(in[1]);
        return sysError(err, "pipe");
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = -1;
    int rc = ::posix_spawnp(&pid, args[0], &fa, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    ::close(in[0]);
    ::close(out[1]);
    if (rc != 0) {
        ::close(in[1]);
        ::close(out[0]);
        Error e = sysError(rc, "start " + argv[0]);
        if (rc == ENOENT) e.message += " (is it installed and in PATH?)";
        return e;
    }
    ChildProcess child;
    child.m_pid = pid;
    child.m_stdin = Fd(in[1]);
    child.m_stdout = Fd(out[0]);
    return child;
}

void ChildProcess::terminate()
{
    if (m_pid > 0) ::kill(m_pid, SIGTERM);
}

int ChildProcess::wait()
{
    if (m_pid <= 0) return -1;
    int status = 0;
    while (::waitpid(m_pid, &status, 0) < 0 && errno == EINTR) {
    }
    m_pid = -1;
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return -1;
}

std::string executablePath()
{
    char buf[4096];
    const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
    return n > 0 ? std::string(buf, size_t(n)) : std::string();
}

std::string hostName()
{
    char buf[256] = {};
    if (::gethostname(buf, sizeof buf - 1) != 0) return "unknown-host";
    return buf;
}

std::string bootId()
{
#ifdef __linux__
    auto id = readFile("/proc/sys/kernel/random/boot_id", 64);
    if (!id.ok()) return {};
    std::string s = std::move(id).value();
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    return s;
#else
    return {};
#endif
}

LocalTime localTimeNow()
{
    std::time_t now = std::time(nullptr);
    struct tm local{};
    ::localtime_r(&now, &local);
    LocalTime t;
    t.weekday = (local.tm_wday + 6) % 7; // tm: 0 = Sunday
    t.minute = local.tm_hour * 60 + local.tm_min;
    return t;
}

LocalDateTime localDateTimeNow() { return localDateTimeAt(int64_t(std::time(nullptr))); }

LocalDateTime localDateTimeAt(int64_t unixSeconds)
{
    const std::time_t at = std::time_t(unixSeconds);
    struct tm local{};
    ::localtime_r(&at, &local);
    return {local.tm_year + 1900, local.tm_mon + 1, local.tm_mday, local.tm_hour, local.tm_min, local.tm_sec};
}

int processId() { return int(::getpid()); }

Fd takeStdin()
{
    return Fd(::dup(0));
}

Fd takeStdout()
{
    // The protocol owns the real stdout from here on; anything else printed to
    // fd 1 by accident goes to stderr instead of corrupting the stream.
    int fd = ::dup(1);
    ::dup2(2, 1);
    return Fd(fd);
}

namespace {

// getpw*_r/getgr*_r want a buffer; 16 KiB holds any real entry.
constexpr size_t kPwBuffer = 16384;

} // namespace

std::optional<std::string> userNameOf(uint32_t uid)
{
    struct passwd pw{};
    struct passwd* found = nullptr;
    std::vector<char> buf(kPwBuffer);
    if (::getpwuid_r(uid_t(uid), &pw, buf.data(), buf.size(), &found) != 0 || !found) return std::nullopt;
    return std::string(found->pw_name);
}

std::optional<std::string> groupNameOf(uint32_t gid)
{
    struct group gr{};
    struct group* found = nullptr;
    std::vector<char> buf(kPwBuffer);
    if (::getgrgid_r(gid_t(gid), &gr, buf.data(), buf.size(), &found) != 0 || !found) return std::nullopt;
    return std::string(found->gr_name);
}

std::optional<uint32_t> userIdOf(const std::string& name)
{
    struct passwd pw{};
    struct passwd* found = nullptr;
    std::vector<char> buf(kPwBuffer);
    if (::getpwnam_r(name.c_str(), &pw, buf.data(), buf.size(), &found) != 0 || !found) return std::nullopt;
    return uint32_t(found->pw_uid);
}

std::optional<uint32_t> groupIdOf(const std::string& name)
{
    struct group gr{};
    struct group* found = nullptr;
    std::vector<char> buf(kPwBuffer);
    if (::getgrnam_r(name.c_str(), &gr, buf.data(), buf.size(), &found) != 0 || !found) return std::nullopt;
    return uint32_t(found->gr_gid);
}

bool mayChangeOwners()
{
    return ::geteuid() == 0;
}

uint32_t processUmask()
{
    // umask() can only be read by setting it, which would race with threads
    // creating files; Linux shows it in /proc (since 4.7).
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("Umask:", 0) == 0) return uint32_t(std::strtoul(line.c_str() + 6, nullptr, 8)) & 0777;
    return 022;
}

std::string currentUserName()
{
    if (const struct passwd* pw = ::getpwuid(::geteuid())) return pw->pw_name;
    return "uid " + std::to_string(::geteuid());
}

} // namespace fg::platform
