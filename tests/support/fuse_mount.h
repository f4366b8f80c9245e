#pragma once
// Destinations that do not behave like ext4, made by a test for itself: a
// FAT image through fusefat (no case, 2-second times, no chmod, ASCII names
// only) or an exFAT image through exfat-fuse on a loop device (no case,
// 1-second times, modes ignored). Both from Debian packages; a test skips
// with the reason when this machine cannot mount them (no /dev/fuse, not
// root, the package missing).

#include <QString>

#include <string>

namespace fgtest {

class FuseMount {
public:
    enum class Kind { Fat, ExFat };
    // Makes an image of `megabytes` under `workDir` and mounts it at
    // workDir/mnt. Check ok() (and why()) before use.
    FuseMount(Kind kind, const std::string& workDir, int megabytes = 64);
    ~FuseMount();
    FuseMount(const FuseMount&) = delete;
    FuseMount& operator=(const FuseMount&) = delete;

    bool ok() const { return m_mounted; }
    const QString& why() const { return m_why; }
    const std::string& path() const { return m_mountPoint; }
    std::string sub(const std::string& rel) const { return m_mountPoint + "/" + rel; }

private:
    bool run(const QString& program, const QStringList& args);
    std::string m_image;
    std::string m_mountPoint;
    QString m_loop;
    QString m_why;
    bool m_mounted = false;
};

} // namespace fgtest
