#include "throttled_disk.h"

#include "test_support.h"

#include <QFile>
#include <QStringList>

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <fstream>

namespace fgtest {

bool ThrottledDisk::run(const QString& program, const QStringList& args, QString* out)
{
    const CliRun r = runProgram(program, args, 60000);
    if (r.exitCode == 0) {
        if (out) *out = QString::fromUtf8(r.out).trimmed();
        return true;
    }
    m_why = program + QLatin1Char(' ') + args.join(QLatin1Char(' ')) + QStringLiteral(" failed: ")
          + QString::fromUtf8(r.err).trimmed();
    return false;
}

bool ThrottledDisk::writeKnob(const std::string& path, const std::string& value)
{
    std::ofstream f(path);
    f << value << '\n';
    f.flush();
    if (f) return true;
    m_why = QString::fromStdString("cannot write '" + value + "' to " + path);
    return false;
}

ThrottledDisk::ThrottledDisk(const std::string& workDir, int megabytes)
{
    if (::geteuid() != 0) {
        m_why = QStringLiteral("a throttled disk needs root (loop devices, cgroup knobs)");
        return;
    }
    // The throttle's knobs: cgroup v1's blkio in its root group (v2 has no
    // io.max in its root: a machine with only v2 cannot do this here).
    if (::access("/sys/fs/cgroup/blkio/blkio.throttle.read_bps_device", W_OK) == 0) {
        m_throttleDir = "/sys/fs/cgroup/blkio";
    } else {
        m_why = QStringLiteral("no blkio throttle here (cgroup v1 blkio.throttle.*); cgroup v2 has none in its root group");
        return;
    }
    m_image = workDir + "/disk.img";
    m_mountPoint = workDir + "/mnt";
    ::mkdir(m_mountPoint.c_str(), 0755);
    const QString image = QString::fromStdString(m_image);
    if (!run(QStringLiteral("truncate"), {QStringLiteral("-s"), QString::number(megabytes) + QLatin1Char('M'), image}))
        return;
    if (!run(QStringLiteral("losetup"), {QStringLiteral("-f"), QStringLiteral("--show"), image}, &m_loop)) return;
    struct stat st {};
    if (::stat(m_loop.toLocal8Bit().constData(), &st) != 0) {
        m_why = QStringLiteral("no ") + m_loop;
        return;
    }
    m_majMin = std::to_string(major(st.st_rdev)) + ":" + std::to_string(minor(st.st_rdev));
    if (!run(QStringLiteral("mkfs.ext4"), {QStringLiteral("-q"), QStringLiteral("-F"), m_loop})) return;
    if (!run(QStringLiteral("mount"), {m_loop, QString::fromStdString(m_mountPoint)})) return;
    m_mounted = true;
}

ThrottledDisk::~ThrottledDisk()
{
    if (m_readLimited) (void)writeKnob(m_throttleDir + "/blkio.throttle.read_bps_device", m_majMin + " 0");
    if (m_writeLimited) {
        (void)writeKnob(m_throttleDir + "/blkio.throttle.write_bps_device", m_majMin + " 0");
        (void)writeKnob("/sys/class/bdi/" + m_majMin + "/strict_limit", "0");
        if (!m_maxRatio.empty()) (void)writeKnob("/sys/class/bdi/" + m_majMin + "/max_ratio", m_maxRatio);
    }
    if (m_mounted) (void)run(QStringLiteral("umount"), {QString::fromStdString(m_mountPoint)});
    if (!m_loop.isEmpty()) (void)run(QStringLiteral("losetup"), {QStringLiteral("-d"), m_loop});
    if (!m_image.empty()) ::unlink(m_image.c_str());
}

bool ThrottledDisk::limitReads(uint64_t bytesPerSec)
{
    m_readLimited = true;
    return writeKnob(m_throttleDir + "/blkio.throttle.read_bps_device", m_majMin + " " + std::to_string(bytesPerSec));
}

bool ThrottledDisk::limitWrites(uint64_t bytesPerSec, uint64_t dirtyBytes)
{
    m_writeLimited = true;
    const std::string bdi = "/sys/class/bdi/" + m_majMin;
    std::ifstream ratio(bdi + "/max_ratio");
    std::getline(ratio, m_maxRatio);
    return writeKnob(m_throttleDir + "/blkio.throttle.write_bps_device", m_majMin + " " + std::to_string(bytesPerSec))
        && writeKnob(bdi + "/max_bytes", std::to_string(dirtyBytes)) && writeKnob(bdi + "/strict_limit", "1");
}

bool ThrottledDisk::dropCache()
{
    const QString where = QString::fromStdString(m_mountPoint);
    ::sync();
    m_mounted = false;
    if (!run(QStringLiteral("umount"), {where})) return false;
    if (!run(QStringLiteral("mount"), {m_loop, where})) return false;
    m_mounted = true;
    return true;
}

} // namespace fgtest
