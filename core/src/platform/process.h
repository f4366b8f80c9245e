#pragma once
#include "internal.h"
// Child processes with pipes on stdin/stdout (the ssh transport), and raw
// descriptors for the pipe ends.

#include <floodgate/error.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fg::platform {

// A descriptor the caller owns; reads and writes retry on EINTR.
class Fd {
public:
    Fd() = default;
    explicit Fd(int fd) : m_fd(fd) {}
    Fd(Fd&& other) noexcept : m_fd(other.m_fd), m_nonBlocking(other.m_nonBlocking) { other.m_fd = -1; }
    Fd& operator=(Fd&& other) noexcept;
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    ~Fd();

    int get() const { return m_fd; }
    bool valid() const { return m_fd >= 0; }
    // 0 at end of stream; on a non-blocking descriptor with nothing to read,
    // an error whose sysErrno is EAGAIN.
    Result<size_t> read(void* buffer, size_t n);
    Status writeAll(const void* data, size_t n);
    // What was written; 0 when a non-blocking descriptor is full.
    Result<size_t> writeSome(const void* data, size_t n);
    Status setNonBlocking(bool on);
    void close();

private:
    int m_fd = -1;
    // Windows' anonymous pipes have no non-blocking mode: a read there
    // looks at what is waiting first (process_win32.cpp).
    bool m_nonBlocking = false;
};

class ChildProcess {
public:
    ChildProcess() = default;
    ChildProcess(ChildProcess&& other) noexcept;
    ChildProcess& operator=(ChildProcess&& other) noexcept;
    ~ChildProcess(); // kills and reaps a child that is still running

    // Starts argv[0] (searched in PATH) with pipes on stdin and stdout; stderr
    // is inherited so the user sees ssh's own prompts and errors.
    static Result<ChildProcess> spawn(const std::vector<std::string>& argv);

    Fd& input() { return m_stdin; }   // the child's stdin
    Fd& output() { return m_stdout; } // the child's stdout
    void terminate();
    // Waits for the child; returns its exit status (128+signal when killed).
    int wait();

private:
    int m_pid = -1;
    Fd m_stdin;
    Fd m_stdout;
};

// Splits a command line like a shell would for -e/--rsh: spaces separate words,
// single and double quotes group, backslash escapes.
Result<std::vector<std::string>> splitCommandLine(const std::string& command);

// The running program's own file (for a timer that runs it again later);
// empty when the OS does not say.
std::string executablePath();

// This machine's name, for people reading logs and pairing records.
std::string hostName();

// What tells this running kernel from any other: Linux's boot id, a random
// UUID drawn at each boot and the same in every container and network
// namespace on it, so two processes that read the same one share the
// machine's CPUs. Empty where the OS has none to give (Windows).
std::string bootId();

// The local day (0 = Monday) and minute since midnight, for timetables.
struct LocalTime {
    int weekday = 0;
    int minute = 0;
};
LocalTime localTimeNow();

// The local date and time now, to the second, for log lines.
struct LocalDateTime {
    int year = 1970;
    int month = 1; // 1-12
    int day = 1;
    int hour = 0;
    int minute = 0;
    int second = 0;
};
LocalDateTime localDateTimeNow();
// The local date and time at a Unix time (seconds), for records read later.
LocalDateTime localDateTimeAt(int64_t unixSeconds);

// This process's id, for log lines.
int processId();

// The process's own stdin and stdout, for `serve --stdio`.
Fd takeStdin();
Fd takeStdout();

// The name of the user this process runs as (for messages).
std::string currentUserName();
// Users and groups of this machine, for -o/-g: by number to name (the
// sender), by name to number (the receiver); nullopt when there is none.
std::optional<std::string> userNameOf(uint32_t uid);
std::optional<std::string> groupNameOf(uint32_t gid);
std::optional<uint32_t> userIdOf(const std::string& name);
std::optional<uint32_t> groupIdOf(const std::string& name);
// Whether this process may give files to other users (root).
bool mayChangeOwners();

// The process's umask (new files' modes leave out these bits), read without
// changing it; 022 where it cannot be read.
uint32_t processUmask();

} // namespace fg::platform
