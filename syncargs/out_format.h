#pragma once
// rsync's --out-format / --log-file-format: one line per change, written
// from a template with %-escapes:
//   %n  the name (a directory's with a trailing /)   %f  the same path
//   %i  the itemized change (as -i prints it)       %L  " -> TARGET" for a symlink
//   %l  the file's length                           %b  the bytes it sends (its length)
//   %o  the operation: send, recv or del.           %t  the date and time (2026/12/01-10:04:05)
//   %p  the process id                              %%  a %
// Widths as in printf ("%-10l") are taken. An escape floodgate does not
// have is an error, never printed as it stands.

#include <floodgate/job.h>

#include <string>

namespace fg::cli {

class OutFormat {
public:
    // The error names the escape and lists the ones there are.
    static Result<OutFormat> parse(const std::string& format, const std::string& option);

    // `toRemote`: files go to the far end (the operation is "send").
    std::string line(const PlanItem& item, bool toRemote) const;

private:
    std::string m_format;
};

// rsync's log time format, "2026/12/01 10:04:05" (with `sep` between date and time).
std::string logTime(char sep);

} // namespace fg::cli
