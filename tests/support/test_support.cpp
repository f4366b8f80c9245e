#include "test_support.h"

#include "codec/hash.h"
#include "platform/fs.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>

namespace fgtest {

ScratchDir::ScratchDir(const char* prefix)
{
    auto dir = fg::platform::makeTempDirectory(prefix);
    if (!dir.ok()) throw std::runtime_error(dir.error().message);
    m_path = *dir;
}

ScratchDir::~ScratchDir()
{
    // Tests may leave read-only directories behind; make them writable first.
    std::string cmd = "chmod -R u+rwx '" + m_path + "' 2>/dev/null";
    if (std::system(cmd.c_str()) != 0) {
    }
    (void)fg::platform::removeTree(m_path);
}

void writeFile(const std::string& path, const std::string& content, unsigned mode)
{
    QDir().mkpath(QFileInfo(QString::fromStdString(path)).absolutePath());
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(content.data(), std::streamsize(content.size()));
    out.close();
    ::chmod(path.c_str(), mode);
}

std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

bool exists(const std::string& path)
{
    struct stat st{};
    return ::lstat(path.c_str(), &st) == 0;
}

void setMtime(const std::string& path, int64_t sec, long nsec)
{
    struct timespec ts[2];
    ts[0].tv_sec = 0;
    ts[0].tv_nsec = UTIME_OMIT;
    ts[1].tv_sec = sec;
    ts[1].tv_nsec = nsec;
    ::utimensat(AT_FDCWD, path.c_str(), ts, AT_SYMLINK_NOFOLLOW);
}

std::string randomBytes(size_t n, uint64_t seed)
{
    std::mt19937_64 rng(seed);
    std::string out(n, '\0');
    for (size_t i = 0; i < n; i += 8) {
        uint64_t v = rng();
        for (size_t k = 0; k < 8 && i + k < n; ++k) out[i + k] = char((v >> (8 * k)) & 0xff);
    }
    return out;
}

namespace {
void describeInto(const std::string& root, const std::string& rel, bool withMtime,
                  std::map<std::string, std::string>& out)
{
    QDir dir(QString::fromStdString(rel.empty() ? root : root + "/" + rel));
    const auto names = dir.entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDir::Name);
    for (const QString& qn : names) {
        std::string name = qn.toStdString();
        std::string childRel = rel.empty() ? name : rel + "/" + name;
        std::string full = root + "/" + childRel;
        struct stat st{};
        if (::lstat(full.c_str(), &st) != 0) continue;
        std::ostringstream line;
        const char* type = S_ISDIR(st.st_mode) ? "dir" : S_ISLNK(st.st_mode) ? "link" : S_ISREG(st.st_mode) ? "file" : "other";
        line << type;
        if (S_ISREG(st.st_mode)) line << " size=" << st.st_size;
        if (!S_ISLNK(st.st_mode)) line << " mode=" << std::oct << (st.st_mode & 07777) << std::dec;
        if (withMtime && !S_ISDIR(st.st_mode))
            line << " mtime=" << st.st_mtim.tv_sec << "." << st.st_mtim.tv_nsec;
        if (S_ISLNK(st.st_mode)) {
            char buf[4096];
            ssize_t n = ::readlink(full.c_str(), buf, sizeof buf);
            line << " -> " << std::string(buf, n > 0 ? size_t(n) : 0);
        }
        if (S_ISREG(st.st_mode)) {
            std::string data = readFile(full);
            line << " xxh=" << fg::toHex(fg::hash128(data.data(), data.size()));
        }
        out[childRel] = line.str();
        if (S_ISDIR(st.st_mode)) describeInto(root, childRel, withMtime, out);
    }
}
} // namespace

std::map<std::string, std::string> describeTree(const std::string& root, bool withMtime)
{
    std::map<std::string, std::string> out;
    describeInto(root, "", withMtime, out);
    return out;
}

QString diffTrees(const std::map<std::string, std::string>& a, const std::map<std::string, std::string>& b)
{
    QString diff;
    for (const auto& [path, desc] : a) {
        auto it = b.find(path);
        if (it == b.end()) diff += QStringLiteral("only in first: %1\n").arg(QString::fromStdString(path));
        else if (it->second != desc)
            diff += QStringLiteral("differs: %1: %2 vs %3\n")
                        .arg(QString::fromStdString(path), QString::fromStdString(desc), QString::fromStdString(it->second));
    }
    for (const auto& [path, desc] : b)
        if (!a.count(path)) diff += QStringLiteral("only in second: %1\n").arg(QString::fromStdString(path));
    return diff;
}

QString cliPath() { return QStringLiteral(FG_CLI_PATH); }

CliRun runCli(const QStringList& args, int timeoutMs, const QByteArray& stdinData)
{
    QProcess proc;
    proc.start(cliPath(), args);
    CliRun run;
    if (!proc.waitForStarted(10000)) {
        run.err = "could not start " + cliPath().toUtf8();
        return run;
    }
    if (!stdinData.isEmpty()) proc.write(stdinData);
    proc.closeWriteChannel();
    if (!proc.waitForFinished(timeoutMs)) {
        proc.kill();
        proc.waitForFinished();
        run.err = "timed out: " + args.join(QLatin1Char(' ')).toUtf8();
        return run;
    }
    run.exitCode = proc.exitStatus() == QProcess::NormalExit ? proc.exitCode() : -1;
    run.out = proc.readAllStandardOutput();
    run.err = proc.readAllStandardError();
    return run;
}

} // namespace fgtest
