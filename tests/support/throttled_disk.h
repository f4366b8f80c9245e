#pragma once
// A slow disk made for a test: an ext4 image on a loop device, mounted at
// workDir/mnt, whose reads or writes the kernel holds to a rate of our
// choosing (the blkio controller's throttle on that one device, which every
// process's I/O to it passes, the flusher threads' write-back included) and
// whose dirty pages are capped (the device's own strict write-back limit),
// so that writers wait on the device as they would on a slow disk, not on
// memory. Nothing outside this device is touched; all undone when it goes.
// Needs root, a loop device and cgroup v1's blkio throttle; `why()` says what
// was missing, for a QSKIP.

#include <QString>
#include <QStringList>

#include <cstdint>
#include <string>

namespace fgtest {

class ThrottledDisk {
public:
    ThrottledDisk(const std::string& workDir, int megabytes = 512);
    ~ThrottledDisk();
    ThrottledDisk(const ThrottledDisk&) = delete;
    ThrottledDisk& operator=(const ThrottledDisk&) = delete;

    bool ok() const { return m_mounted; }
    const QString& why() const { return m_why; }
    const std::string& path() const { return m_mountPoint; }
    std::string sub(const std::string& rel) const { return m_mountPoint + "/" + rel; }

    // Reads from the device at most this fast (0: no limit).
    bool limitReads(uint64_t bytesPerSec);
    // Writes to the device at most this fast, and at most `dirtyBytes` of
    // its pages dirty at once (writers wait beyond that).
    bool limitWrites(uint64_t bytesPerSec, uint64_t dirtyBytes);
    // Drops the file system's cached pages (unmounts and mounts it again),
    // so the next read comes from the device.
    bool dropCache();

private:
    // Runs a tool (fgtest::runProgram); false with m_why on failure, its
    // trimmed output in *out.
    bool run(const QString& program, const QStringList& args, QString* out = nullptr);
    bool writeKnob(const std::string& path, const std::string& value);

    std::string m_image;
    std::string m_mountPoint;
    QString m_loop;      // /dev/loopN
    std::string m_majMin; // "7:N"
    std::string m_throttleDir; // the blkio (v1) or io (v2) directory whose knobs we set
    std::string m_maxRatio;    // the device's own, put back
    bool m_readLimited = false, m_writeLimited = false;
    QString m_why;
    bool m_mounted = false;
};

} // namespace fgtest
