#include "platform/win32/nt_file.h"

#include "platform/win32/win_error.h"
#include "platform/win32/win_text.h"

#include <winternl.h>

extern "C" NTSTATUS NTAPI NtQueryDirectoryFile(HANDLE file, HANDLE event, PVOID apcRoutine, PVOID apcContext,
                                               PIO_STATUS_BLOCK status, PVOID information, ULONG length,
                                               FILE_INFORMATION_CLASS informationClass, BOOLEAN singleEntry,
                                               PUNICODE_STRING fileName, BOOLEAN restartScan);

namespace fg::platform::win32 {

Result<HANDLE> openRelative(HANDLE dir, std::string_view name, const NtOpen& how, const std::string& display,
                            const char* doing)
{
    std::wstring wide = widen(name);
    UNICODE_STRING path;
    path.Buffer = wide.data();
    path.Length = USHORT(wide.size() * sizeof(wchar_t));
    path.MaximumLength = path.Length;
    if (wide.size() > 32767) return win32Error(ERROR_FILENAME_EXCED_RANGE, std::string(doing) + " " + display);
    OBJECT_ATTRIBUTES attributes;
    // Case-insensitive as every Win32 call is: a name resolves as Explorer
    // and other programs resolve it.
    InitializeObjectAttributes(&attributes, &path, OBJ_CASE_INSENSITIVE, dir, nullptr);
    ULONG options = FILE_SYNCHRONOUS_IO_NONALERT | FILE_OPEN_FOR_BACKUP_INTENT;
    if (!how.followLink) options |= FILE_OPEN_REPARSE_POINT;
    if (how.kind == Kind::Directory) options |= FILE_DIRECTORY_FILE;
    if (how.kind == Kind::NonDirectory) options |= FILE_NON_DIRECTORY_FILE;
    const ULONG disposition = how.disposition == Disposition::CreateNew ? FILE_CREATE : FILE_OPEN;
    IO_STATUS_BLOCK io{};
    HANDLE out = nullptr;
    const NTSTATUS status = ::NtCreateFile(&out, how.access | SYNCHRONIZE, &attributes, &io, nullptr,
                                           how.attributes, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                                           disposition, options, nullptr, 0);
    if (!NT_SUCCESS(status)) return ntError(status, std::string(doing) + " " + display);
    return out;
}

bool isNameSurrogate(HANDLE file)
{
    FILE_ATTRIBUTE_TAG_INFO tag{};
    if (!::GetFileInformationByHandleEx(file, FileAttributeTagInfo, &tag, sizeof tag)) return false;
    if (!(tag.FileAttributes & FILE_ATTRIBUTE_REPARSE_POINT)) return false;
    return IsReparseTagNameSurrogate(tag.ReparseTag);
}

long setInformation(HANDLE file, void* data, unsigned long size, int informationClass)
{
    IO_STATUS_BLOCK io{};
    return ::NtSetInformationFile(file, &io, data, size, FILE_INFORMATION_CLASS(informationClass));
}

long queryDirectory(HANDLE dir, void* buffer, unsigned long size, bool restart)
{
    IO_STATUS_BLOCK io{};
    return ::NtQueryDirectoryFile(dir, nullptr, nullptr, nullptr, &io, buffer, size,
                                  FILE_INFORMATION_CLASS(kFileFullDirectoryInformation), FALSE, nullptr,
                                  restart ? TRUE : FALSE);
}

} // namespace fg::platform::win32
