#pragma once
// Helpers shared by the test suites: scratch trees, tree comparison, running
// the floodgate CLI. Not part of any shipped target.

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <map>
#include <string>

namespace fgtest {

// A scratch directory removed (with everything in it) when the object dies.
class ScratchDir {
public:
    explicit ScratchDir(const char* prefix = "fgtest");
    ~ScratchDir();
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    const std::string& path() const { return m_path; }
    std::string sub(const std::string& rel) const { return m_path + "/" + rel; }

private:
    std::string m_path;
};

// Writes a file (creating parent directories) with the given content and mode.
void writeFile(const std::string& path, const std::string& content, unsigned mode = 0644);
std::string readFile(const std::string& path);
bool exists(const std::string& path);
void setMtime(const std::string& path, int64_t sec, long nsec = 0);
// Deterministic pseudo-random bytes.
std::string randomBytes(size_t n, uint64_t seed);

// One line per entry: "path type size mode mtime_ns [link target] [content hash]",
// sorted: two trees are equal (content, metadata, links, empty dirs) when their
// descriptions are. The root's own attributes are left out.
std::map<std::string, std::string> describeTree(const std::string& root, bool withMtime = true);
// A readable diff of two descriptions, empty when equal.
QString diffTrees(const std::map<std::string, std::string>& a, const std::map<std::string, std::string>& b);

struct CliRun {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};
// Runs the floodgate CLI with args; fails the test on a timeout.
CliRun runCli(const QStringList& args, int timeoutMs = 120000, const QByteArray& stdinData = {});
QString cliPath();

} // namespace fgtest
