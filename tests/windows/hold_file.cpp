// Holds a file open with no sharing, as an editor or a database does on
// Windows, until its standard input closes: for the locked-file step of
// cli_roundtrip.sh. Prints "held" once the file is held.
//
//   hold_file.exe PATH

#include <windows.h>

#include <cstdio>
#include <string>

int wmain(int argc, wchar_t** argv)
{
    if (argc != 2) {
        std::fputs("usage: hold_file PATH\n", stderr);
        return 2;
    }
    HANDLE h = ::CreateFileW(argv[1], GENERIC_READ | GENERIC_WRITE, 0, nullptr, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL,
                             nullptr);
    if (h == INVALID_HANDLE_VALUE) {
        std::fprintf(stderr, "hold_file: cannot open: error %lu\n", ::GetLastError());
        return 1;
    }
    std::puts("held");
    std::fflush(stdout);
    char buf[64];
    while (std::fgets(buf, sizeof buf, stdin)) {
    }
    ::CloseHandle(h);
    return 0;
}
