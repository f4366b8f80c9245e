#include "fuse_mount.h"

#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QStringList>
#include <QThread>

#include <sys/stat.h>
#include <unistd.h>

namespace fgtest {

bool FuseMount::run(const QString& program, const QStringList& args)
{
    QProcess p;
    p.start(program, args);
    if (!p.waitForStarted(5000) || !p.waitForFinished(30000) || p.exitStatus() != QProcess::NormalExit
        || p.exitCode() != 0) {
        m_why = program + QLatin1Char(' ') + args.join(QLatin1Char(' ')) + QStringLiteral(" failed: ")
              + QString::fromUtf8(p.readAllStandardError()).trimmed();
        return false;
    }
    return true;
}

FuseMount::FuseMount(Kind kind, const std::string& workDir, int megabytes)
{
    const bool fat = kind == Kind::Fat;
    const QString mkfs = fat ? QStringLiteral("mkfs.vfat") : QStringLiteral("mkfs.exfat");
    const QString mounter = fat ? QStringLiteral("fusefat") : QStringLiteral("mount.exfat-fuse");
    for (const QString& tool : {mkfs, mounter}) {
        if (QStandardPaths::findExecutable(tool).isEmpty()
            && QStandardPaths::findExecutable(tool, {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin")}).isEmpty()) {
            m_why = tool + QStringLiteral(" is not installed (./scripts/install-deps.sh installs it)");
            return;
        }
    }
    if (::access("/dev/fuse", R_OK | W_OK) != 0) {
        m_why = QStringLiteral("/dev/fuse is not usable here");
        return;
    }
    if (!fat && ::geteuid() != 0) {
        m_why = QStringLiteral("exfat-fuse needs a loop device, which needs root");
        return;
    }
    m_image = workDir + (fat ? "/fat.img" : "/exfat.img");
    m_mountPoint = workDir + "/mnt";
    ::mkdir(m_mountPoint.c_str(), 0755);
    const QString image = QString::fromStdString(m_image);
    if (!run(QStringLiteral("truncate"), {QStringLiteral("-s"), QString::number(megabytes) + QLatin1Char('M'), image}))
        return;
    if (!run(mkfs, {image})) return;
    if (fat) {
        if (!run(mounter, {QStringLiteral("-o"), QStringLiteral("rw+"), image, QString::fromStdString(m_mountPoint)}))
            return;
    } else {
        QProcess losetup;
        losetup.start(QStringLiteral("losetup"), {QStringLiteral("-f"), QStringLiteral("--show"), image});
        if (!losetup.waitForFinished(10000) || losetup.exitCode() != 0) {
            m_why = QStringLiteral("losetup failed: ") + QString::fromUtf8(losetup.readAllStandardError()).trimmed();
            return;
        }
        m_loop = QString::fromUtf8(losetup.readAllStandardOutput()).trimmed();
        if (!run(mounter, {m_loop, QString::fromStdString(m_mountPoint)})) return;
    }
    m_mounted = true;
}

FuseMount::~FuseMount()
{
    if (m_mounted) {
        // A FUSE daemon may still hold the mount busy for a moment after
        // the last file closed.
        const QString where = QString::fromStdString(m_mountPoint);
        for (int i = 0; i < 50; ++i) {
            QProcess p;
            // fusermount for a user's FUSE mount, umount for a block device's.
            if (m_loop.isEmpty()) p.start(QStringLiteral("fusermount"), {QStringLiteral("-u"), where});
            else p.start(QStringLiteral("umount"), {where});
            p.waitForFinished(10000);
            if (p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0) break;
            QThread::msleep(100);
        }
    }
    if (!m_loop.isEmpty()) {
        QProcess p;
        p.start(QStringLiteral("losetup"), {QStringLiteral("-d"), m_loop});
        p.waitForFinished(10000);
    }
    if (!m_image.empty()) ::unlink(m_image.c_str());
    if (!m_mountPoint.empty()) ::rmdir(m_mountPoint.c_str());
}

} // namespace fgtest
