// A command line's words as a POSIX shell splits them: how a saved job's
// `sync =` line is read, so that it can be written and read by hand as the
// command it is.

#include <floodgate/saved_jobs.h>

namespace fg {

Result<std::vector<std::string>> splitShellWords(std::string_view line)
{
    std::vector<std::string> words;
    std::string word;
    bool inWord = false;
    const auto unclosed = [&](char quote) {
        return Error(Errc::InvalidArgument, std::string("the quote ") + quote + " opened in \"" + std::string(line)
                                                + "\" is not closed");
    };
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            if (inWord) words.push_back(std::move(word));
            word.clear();
            inWord = false;
            continue;
        }
        inWord = true;
        if (c == '\'') {
            const size_t end = line.find('\'', i + 1);
            if (end == std::string_view::npos) return unclosed('\'');
            word.append(line.substr(i + 1, end - i - 1));
            i = end;
        } else if (c == '"') {
            size_t j = i + 1;
            for (; j < line.size() && line[j] != '"'; ++j) {
                // Inside double quotes a backslash escapes only what the
                // shell gives a meaning there; elsewhere it is itself.
                if (line[j] == '\\' && j + 1 < line.size()
                    && std::string_view("\"\\$`").find(line[j + 1]) != std::string_view::npos)
                    ++j;
                word.push_back(line[j]);
            }
            if (j >= line.size()) return unclosed('"');
            i = j;
        } else if (c == '\\') {
            if (i + 1 < line.size()) word.push_back(line[++i]);
        } else {
            word.push_back(c);
        }
    }
    if (inWord) words.push_back(std::move(word));
    return words;
}

std::string shellQuoted(const std::vector<std::string>& words)
{
    std::string out;
    for (const std::string& w : words) {
        if (!out.empty()) out += ' ';
        bool plain = !w.empty();
        for (char c : w) {
            const bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || std::string_view("-_./=:,+@%").find(c) != std::string_view::npos;
            if (!safe) plain = false;
        }
        if (plain) {
            out += w;
            continue;
        }
        out += '\'';
        for (char c : w) {
            if (c == '\'') out += "'\\''";
            else out += c;
        }
        out += '\'';
    }
    return out;
}

} // namespace fg
