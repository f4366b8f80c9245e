#include "platform/process.h"

#include "platform/win32/win_error.h"
#include "platform/win32/win_text.h"

#include <winsock2.h>
#include <windows.h>

#include <cerrno>
#include <cstdio>
#include <io.h>
#include <ctime>
#include <vector>

namespace fg::platform {
using namespace win32;
namespace {

HANDLE handleOf(int fd) { return LongToHandle(fd); }
int fdOf(HANDLE h) { return h == INVALID_HANDLE_VALUE || !h ? -1 : HandleToLong(h); }

Error pipeError(const std::string& what)
{
    Error e = lastError(what);
    e.code = Errc::Network;
    return e;
}

} // namespace

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
    if (m_fd >= 0) ::CloseHandle(handleOf(m_fd));
    m_fd = -1;
}

Result<size_t> Fd::read(void* buffer, size_t n)
{
    HANDLE h = handleOf(m_fd);
    if (m_nonBlocking) {
        // Nothing waiting is "would block"; a broken pipe falls through to
        // ReadFile, which reports the end.
        DWORD available = 0;
        if (::PeekNamedPipe(h, nullptr, 0, nullptr, &available, nullptr) && available == 0)
            return Error(Errc::Network, "would block", EAGAIN);
    }
    DWORD got = 0;
    if (!::ReadFile(h, buffer, DWORD(std::min<size_t>(n, 1u << 30)), &got, nullptr)) {
        const DWORD err = ::GetLastError();
        if (err == ERROR_BROKEN_PIPE || err == ERROR_HANDLE_EOF) return size_t(0); // the writer closed its end
        return pipeError("read pipe");
    }
    return size_t(got);
}

Result<size_t> Fd::writeSome(const void* data, size_t n)
{
    // Anonymous pipes have no non-blocking writes: this waits until the
    // child has taken the bytes, as a blocking write does.
    DWORD written = 0;
    if (!::WriteFile(handleOf(m_fd), data, DWORD(std::min<size_t>(n, 1u << 30)), &written, nullptr))
        return pipeError("write pipe");
    return size_t(written);
}

Status Fd::setNonBlocking(bool on)
{
    m_nonBlocking = on;
    return {};
}

Status Fd::writeAll(const void* data, size_t n)
{
    const auto* p = static_cast<const char*>(data);
    while (n > 0) {
        FG_TRY_ASSIGN(size_t w, writeSome(p, n));
        p += w;
        n -= w;
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
        // Closing its stdin ends ssh in order; a child still there after a
        // moment is stopped.
        if (::WaitForSingleObject(handleOf(m_pid), 2000) != WAIT_OBJECT_0) terminate();
        wait();
    }
}

namespace {

// One argument as the C runtime's parser reads it back (CommandLineToArgvW's
// rules): quoted when it has a space, a tab or a quote; backslashes doubled
// only where a quote follows them.
void appendQuoted(std::wstring& line, const std::wstring& arg)
{
    if (!line.empty()) line.push_back(L' ');
    if (!arg.empty() && arg.find_first_of(L" \t\n\v\"") == std::wstring::npos) {
        line += arg;
        return;
    }
    line.push_back(L'"');
    for (size_t i = 0;; ++i) {
        size_t backslashes = 0;
        while (i < arg.size() && arg[i] == L'\\') {
            ++i;
            ++backslashes;
        }
        if (i == arg.size()) {
            line.append(backslashes * 2, L'\\');
            break;
        }
        if (arg[i] == L'"') line.append(backslashes * 2 + 1, L'\\');
        else line.append(backslashes, L'\\');
        line.push_back(arg[i]);
    }
    line.push_back(L'"');
}

// A pipe whose one end the child inherits and the other this process keeps.
struct PipeEnds {
    HANDLE read = nullptr;
    HANDLE write = nullptr;
};

Result<PipeEnds> makePipe(bool childReads)
{
    SECURITY_ATTRIBUTES inherit{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
    PipeEnds p;
    if (!::CreatePipe(&p.read, &p.write, &inherit, 1 << 20)) return lastError("pipe");
    // Only the child's end is inheritable.
    ::SetHandleInformation(childReads ? p.write : p.read, HANDLE_FLAG_INHERIT, 0);
    return p;
}

} // namespace

Result<ChildProcess> ChildProcess::spawn(const std::vector<std::string>& argv)
{
    if (argv.empty()) return Error(Errc::InvalidArgument, "empty command");
    FG_TRY_ASSIGN(PipeEnds in, makePipe(true));
    auto outPipe = makePipe(false);
    if (!outPipe.ok()) {
        ::CloseHandle(in.read);
        ::CloseHandle(in.write);
        return outPipe.error();
    }
    PipeEnds out = *outPipe;
    // stderr goes where ours goes, so the user sees ssh's prompts and errors.
    HANDLE err = nullptr;
    ::DuplicateHandle(::GetCurrentProcess(), ::GetStdHandle(STD_ERROR_HANDLE), ::GetCurrentProcess(), &err, 0, TRUE,
                      DUPLICATE_SAME_ACCESS);

    // The child inherits these three handles and nothing else: another
    // thread's pipes in it would keep those open after this end closes them.
    std::vector<HANDLE> inherited = {in.read, out.write};
    if (err) inherited.push_back(err);
    SIZE_T size = 0;
    ::InitializeProcThreadAttributeList(nullptr, 1, 0, &size);
    std::vector<char> attributeBuffer(size);
    auto* attributes = reinterpret_cast<LPPROC_THREAD_ATTRIBUTE_LIST>(attributeBuffer.data());
    ::InitializeProcThreadAttributeList(attributes, 1, 0, &size);
    ::UpdateProcThreadAttribute(attributes, 0, PROC_THREAD_ATTRIBUTE_HANDLE_LIST, inherited.data(),
                                inherited.size() * sizeof(HANDLE), nullptr, nullptr);

    STARTUPINFOEXW startup{};
    startup.StartupInfo.cb = sizeof startup;
    startup.StartupInfo.dwFlags = STARTF_USESTDHANDLES;
    startup.StartupInfo.hStdInput = in.read;
    startup.StartupInfo.hStdOutput = out.write;
    startup.StartupInfo.hStdError = err;
    startup.lpAttributeList = attributes;

    std::wstring line;
    for (const auto& a : argv) appendQuoted(line, widen(a));
    PROCESS_INFORMATION process{};
    const BOOL started = ::CreateProcessW(nullptr, line.data(), nullptr, nullptr, TRUE, EXTENDED_STARTUPINFO_PRESENT,
                                          nullptr, nullptr, &startup.StartupInfo, &process);
    const DWORD startError = ::GetLastError();
    ::DeleteProcThreadAttributeList(attributes);
    ::CloseHandle(in.read);
    ::CloseHandle(out.write);
    if (err) ::CloseHandle(err);
    if (!started) {
        ::CloseHandle(in.write);
        ::CloseHandle(out.read);
        Error e = win32Error(startError, "start " + argv[0]);
        if (e.sysErrno == ENOENT) e.message += " (is it installed and in PATH?)";
        return e;
    }
    ::CloseHandle(process.hThread);
    ChildProcess child;
    child.m_pid = HandleToLong(process.hProcess);
    child.m_stdin = Fd(fdOf(in.write));
    child.m_stdout = Fd(fdOf(out.read));
    return child;
}

void ChildProcess::terminate()
{
    // No SIGTERM on Windows: the child is stopped.
    if (m_pid > 0) ::TerminateProcess(handleOf(m_pid), 1);
}

int ChildProcess::wait()
{
    if (m_pid <= 0) return -1;
    HANDLE h = handleOf(m_pid);
    ::WaitForSingleObject(h, INFINITE);
    DWORD code = 0;
    const bool known = ::GetExitCodeProcess(h, &code);
    ::CloseHandle(h);
    m_pid = -1;
    return known ? int(code) : -1;
}

std::string executablePath()
{
    std::wstring buf(32768, L'\0');
    const DWORD n = ::GetModuleFileNameW(nullptr, buf.data(), DWORD(buf.size()));
    if (n == 0 || n >= buf.size()) return {};
    return narrow(std::wstring_view(buf.data(), n));
}

std::string hostName()
{
    wchar_t buf[256] = {};
    DWORD n = 255;
    if (!::GetComputerNameExW(ComputerNameDnsHostname, buf, &n) || n == 0) return "unknown-host";
    return narrow(std::wstring_view(buf, n));
}

std::string bootId() { return {}; }

LocalTime localTimeNow()
{
    SYSTEMTIME now{};
    ::GetLocalTime(&now);
    LocalTime t;
    t.weekday = (now.wDayOfWeek + 6) % 7; // SYSTEMTIME: 0 = Sunday
    t.minute = now.wHour * 60 + now.wMinute;
    return t;
}

LocalDateTime localDateTimeNow()
{
    SYSTEMTIME now{};
    ::GetLocalTime(&now);
    return {now.wYear, now.wMonth, now.wDay, now.wHour, now.wMinute, now.wSecond};
}

LocalDateTime localDateTimeAt(int64_t unixSeconds)
{
    const std::time_t at = std::time_t(unixSeconds);
    std::tm local{};
    if (::localtime_s(&local, &at) != 0) return {};
    return {local.tm_year + 1900, local.tm_mon + 1, local.tm_mday, local.tm_hour, local.tm_min, local.tm_sec};
}

int processId() { return int(::GetCurrentProcessId()); }

Fd takeStdin()
{
    HANDLE copy = nullptr;
    ::DuplicateHandle(::GetCurrentProcess(), ::GetStdHandle(STD_INPUT_HANDLE), ::GetCurrentProcess(), &copy, 0, FALSE,
                      DUPLICATE_SAME_ACCESS);
    return Fd(fdOf(copy));
}

Fd takeStdout()
{
    // The protocol owns the real stdout from here on; anything else printed
    // to it by accident goes to stderr instead of corrupting the stream.
    HANDLE copy = nullptr;
    ::DuplicateHandle(::GetCurrentProcess(), ::GetStdHandle(STD_OUTPUT_HANDLE), ::GetCurrentProcess(), &copy, 0, FALSE,
                      DUPLICATE_SAME_ACCESS);
    ::SetStdHandle(STD_OUTPUT_HANDLE, ::GetStdHandle(STD_ERROR_HANDLE));
    std::fflush(stdout);
    ::_dup2(2, 1); // the C runtime's stdout too

    return Fd(fdOf(copy));
}

// Windows files have no owner or group by number: -o/-g have nothing to map.
std::optional<std::string> userNameOf(uint32_t) { return std::nullopt; }
std::optional<std::string> groupNameOf(uint32_t) { return std::nullopt; }
std::optional<uint32_t> userIdOf(const std::string&) { return std::nullopt; }
std::optional<uint32_t> groupIdOf(const std::string&) { return std::nullopt; }
bool mayChangeOwners() { return false; }

// What a Windows file gets by default, in POSIX terms: read and write for
// the owner, read for others (the ACL decides the rest).
uint32_t processUmask() { return 022; }

std::string currentUserName()
{
    wchar_t buf[257] = {};
    DWORD n = 257;
    if (!::GetUserNameW(buf, &n) || n == 0) return "unknown user";
    return narrow(std::wstring_view(buf, n - 1));
}

} // namespace fg::platform
