#pragma once
// Saved jobs: a name for a `floodgate sync` command line, kept as one small
// text file each in <state dir>/jobs/NAME.job, so that a job made in the GUI
// runs from cron, a systemd timer or `floodgate job run NAME`, and one made
// with `floodgate job add` opens in the GUI. A job is stored as the sync
// arguments themselves (what --help documents), not as a second format.

#include <floodgate/error.h>

#include <string>
#include <string_view>
#include <vector>

namespace fg {

struct SavedJob {
    std::string name;
    // What `floodgate sync` takes: options, then SRC and DST.
    std::vector<std::string> syncArgs;
    // When it runs by itself, as given to `floodgate job schedule` ("daily
    // 02:00"); empty: only when asked.
    std::string schedule;
    bool operator==(const SavedJob&) const = default;
};

// A job's name: what a person calls it ("photos", "NAS backup", "照片"), and a
// file name on every system. Refused, with the reason: empty, longer than 64
// bytes, a control character, / \ : * ? " < > |, a leading '.' or '-', or a
// trailing space or dot.
Status checkJobName(std::string_view name);

// The words of a command line as a POSIX shell splits them: '...' literal,
// "..." with \" \\ \$ \` escapes, a backslash outside quotes escapes the
// next character. An unclosed quote is an error.
Result<std::vector<std::string>> splitShellWords(std::string_view line);
// Words as one line splitShellWords() (and a shell) reads back the same:
// plain words as they are, the rest in single quotes.
std::string shellQuoted(const std::vector<std::string>& words);

// A local path as a job that runs later from elsewhere (cron, a timer)
// needs it: a relative one joined to `base` (the directory it was typed
// in), an absolute one (/x, C:\x, C:/x, \\server\share) as it is.
std::string anchoredPath(std::string_view path, const std::string& base);

// What a folder of saved jobs holds: the jobs that read, by name, and what
// is wrong with each file that did not (one bad file hides no other job).
struct JobListing {
    std::vector<SavedJob> jobs;
    std::vector<Error> unreadable;
};

class JobStore {
public:
    // The jobs of a state directory (empty: defaultStateDir()), in its jobs/.
    static JobStore inStateDir(const std::string& stateDir);
    explicit JobStore(std::string dir) : m_dir(std::move(dir)) {}

    const std::string& dir() const { return m_dir; }
    std::string pathOf(std::string_view name) const;

    // Sorted by name. A store never written to lists nothing.
    Result<JobListing> list() const;
    // NotFound names the jobs there are.
    Result<SavedJob> load(std::string_view name) const;
    // A new job: refused when one of that name exists (also one differing
    // only in case, which Windows and macOS take for the same file).
    Status add(const SavedJob& job) const;
    // Replaces the job of that name (written whole, then renamed over it:
    // a reader sees the old or the new job, never half of one).
    Status replace(const SavedJob& job) const;
    Status remove(std::string_view name) const;
    Status rename(std::string_view from, std::string_view to) const;

private:
    std::string m_dir;
};

// A job file's text, and back. `source` names the file in errors.
std::string jobFileText(const SavedJob& job);
Result<SavedJob> parseJobFile(std::string_view text, std::string name, const std::string& source);

} // namespace fg
