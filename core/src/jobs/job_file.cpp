// One saved job's file: a few `key = value` lines a person can read and edit.

#include <floodgate/saved_jobs.h>

#include "config/ini_file.h"

#include <cctype>

namespace fg {

namespace {

bool isAsciiSpace(char c) { return c == ' ' || c == '\t'; }

} // namespace

Status checkJobName(std::string_view name)
{
    const auto bad = [&](const std::string& why) {
        return Error(Errc::InvalidArgument, "'" + std::string(name) + "' cannot be a job's name: " + why);
    };
    if (name.empty()) return bad("it is empty");
    if (name.size() > 64) return bad("it is longer than 64 bytes");
    for (char c : name) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return bad("it holds a control character");
        if (std::string_view("/\\:*?\"<>|").find(c) != std::string_view::npos)
            return bad(std::string("it holds '") + c + "' (a job's name is a file name on every system: leave out / \\ : * ? \" < > |)");
    }
    if (name.front() == '.' || name.front() == '-') return bad("it starts with '" + std::string(1, name.front()) + "'");
    if (name.back() == '.' || isAsciiSpace(name.back()) || isAsciiSpace(name.front()))
        return bad("it starts or ends with a space, or ends with a dot");
    return {};
}

std::string anchoredPath(std::string_view path, const std::string& base)
{
    const bool absolute = path.starts_with('/') || path.starts_with('\\')
        || (path.size() >= 3 && std::isalpha(static_cast<unsigned char>(path[0])) && path[1] == ':'
            && (path[2] == '\\' || path[2] == '/'));
    if (absolute || path.empty() || base.empty()) return std::string(path);
    std::string out = base;
    if (out.back() != '/' && out.back() != '\\') out += '/';
    // "./x" and "." as the shorter path they are.
    while (path.starts_with("./")) path.remove_prefix(2);
    if (path == ".") return out;
    return out + std::string(path);
}

std::string jobFileText(const SavedJob& job)
{
    std::string text = "# Floodgate's saved job '" + job.name + "'.\n"
                       "# `floodgate job run " + shellQuoted({job.name}) + "` runs it; `floodgate job show` prints it.\n"
                       "# sync: what `floodgate sync` takes (options, then SRC and DST), as a shell reads it.\n"
                       "sync = " + shellQuoted(job.syncArgs) + "\n";
    if (!job.schedule.empty()) text += "schedule = " + job.schedule + "\n";
    return text;
}

Result<SavedJob> parseJobFile(std::string_view text, std::string name, const std::string& source)
{
    FG_TRY_ASSIGN(config::IniFile ini, config::parseIni(text, source));
    SavedJob job;
    job.name = std::move(name);
    bool sawSync = false;
    for (const config::IniSection& section : ini.sections) {
        if (!section.name.empty())
            return Error(Errc::InvalidArgument, source + ":" + std::to_string(section.line) + ": a job file has no sections ["
                                                    + section.name + "]");
        for (const config::IniEntry& e : section.entries) {
            const std::string where = source + ":" + std::to_string(e.line) + ": ";
            if (e.key == "sync") {
                auto words = splitShellWords(e.value);
                if (!words.ok()) return Error(Errc::InvalidArgument, where + words.error().message);
                job.syncArgs = std::move(words).value();
                sawSync = true;
            } else if (e.key == "schedule") {
                job.schedule = e.value;
            } else {
                return Error(Errc::InvalidArgument, where + "'" + e.key + "' is not a key of a job file (sync, schedule)");
            }
        }
    }
    if (!sawSync || job.syncArgs.size() < 2)
        return Error(Errc::InvalidArgument, source + ": no `sync = [OPTIONS] SRC DST` line: the job has nothing to run");
    return job;
}

} // namespace fg
