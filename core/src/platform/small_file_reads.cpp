#include "platform/small_file_reads.h"

namespace fg::platform {
namespace {

// The reads the engine made before batches: open, fstat, read, close.
class PlainReader final : public SmallFileReader {
public:
    explicit PlainReader(std::string why) : m_why(std::move(why)) {}

    void readBatch(const DirHandle& dir, std::span<SmallRead> batch) override
    {
        for (SmallRead& r : batch) readOne(dir, r);
    }

    std::string describe() const override
    {
        return m_why.empty() ? "one file at a time" : "one file at a time (" + m_why + ")";
    }

private:
    static void readOne(const DirHandle& dir, SmallRead& r)
    {
        r.got = size_t(0);
        auto file = dir.openRead(r.name);
        if (!file.ok()) {
            r.info = std::move(file).error();
            return;
        }
        r.info = file->stat();
        if (r.info.ok() && r.info->type == FileType::Regular) r.got = file->readExpecting(r.buffer, r.size, r.size);
        (void)file->close();
    }

    std::string m_why;
};

} // namespace

std::unique_ptr<SmallFileReader> SmallFileReader::plain() { return std::make_unique<PlainReader>(std::string()); }

// The batched reader's fallback says why it is one (posix/).
std::unique_ptr<SmallFileReader> plainBecause(std::string why)
{
    return std::make_unique<PlainReader>(std::move(why));
}

} // namespace fg::platform
