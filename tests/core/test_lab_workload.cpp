// The lab's workloads as made on disk: generated ones of the size asked for
// and the shape promised; a sample of a user's tree that copies whole files
// as they are (so their sizes and contents), stays within its size, skips
// what does not fit but cuts the first file when nothing else would, ignores
// a lab's own leftovers, and is refused where there is nothing to sample.

#include "lab/lab_workload.h"
#include "platform/fs.h"
#include "test_support.h"

#include <QTest>

#include <map>

using namespace fg;

namespace {

std::map<std::string, std::string> filesUnder(const std::string& root)
{
    std::map<std::string, std::string> out;
    for (const auto& [path, what] : fgtest::describeTree(root, false))
        if (what.rfind("file", 0) == 0) out[path] = fgtest::readFile(root + "/" + path);
    return out;
}

} // namespace

class TestLabWorkload : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void generatedWorkloadsHaveTheirSizeAndShape()
    {
        fgtest::ScratchDir dir("fglabwl");
        auto small = makeLabWorkload(*parseLabWorkload("small:400K"), dir.path(), 1);
        QVERIFY2(small.ok(), small.ok() ? "" : small.error().message.c_str());
        QCOMPARE(small->files, uint64_t(100));
        QCOMPARE(small->bytes, uint64_t(400) << 10);
        QVERIFY(small->dir.rfind(dir.path() + "/.fg-lab-work-", 0) == 0);

        auto mixed = makeLabWorkload(*parseLabWorkload("mixed:8M"), dir.path(), 2);
        QVERIFY(mixed.ok());
        QCOMPARE(mixed->bytes, uint64_t(8) << 20);
        QVERIFY2(mixed->files >= 20, qPrintable(QString::number(mixed->files))); // a spread, not a few big files
        uint64_t smallest = UINT64_MAX, largest = 0, total = 0;
        for (const auto& [path, data] : filesUnder(mixed->dir)) {
            smallest = std::min<uint64_t>(smallest, data.size());
            largest = std::max<uint64_t>(largest, data.size());
            total += data.size();
        }
        QCOMPARE(total, mixed->bytes);
        QVERIFY2(largest <= (8u << 20) / 16 + 1, qPrintable(QString::number(largest)));
        QVERIFY(smallest < 16 << 10);

        auto big = makeLabWorkload(*parseLabWorkload("big:3M"), dir.path(), 3);
        QVERIFY(big.ok());
        QCOMPARE(big->files, uint64_t(1));
        QCOMPARE(big->bytes, uint64_t(3) << 20);
        for (const auto* made : {&*small, &*mixed, &*big}) QVERIFY(platform::removeTree(made->dir).ok());
    }

    void aSampleCopiesWholeFilesWithinItsSize()
    {
        fgtest::ScratchDir dir("fglabwl");
        const std::string tree = dir.sub("tree");
        std::map<std::string, std::string> original;
        for (int i = 0; i < 40; ++i) {
            const std::string path = "d" + std::to_string(i % 4) + "/f" + std::to_string(i);
            original[path] = fgtest::randomBytes(size_t(1000 + 100 * i), uint64_t(i));
            fgtest::writeFile(tree + "/" + path, original[path]);
        }
        fgtest::writeFile(tree + "/huge", fgtest::randomBytes(200000, 99));
        fgtest::writeFile(tree + "/.fg-lab-old/trial/x", "a lab's leftover");
        auto sample = makeLabWorkload(*parseLabWorkload("sample:" + tree + ":40K"), dir.sub("work"), 5);
        QVERIFY2(!sample.ok(), "the folder for the workload does not exist yet");
        fgtest::writeFile(dir.sub("work/.keep"), "");
        sample = makeLabWorkload(*parseLabWorkload("sample:" + tree + ":40K"), dir.sub("work"), 5);
        QVERIFY2(sample.ok(), sample.ok() ? "" : sample.error().message.c_str());
        QVERIFY(sample->bytes <= 40u << 10);
        QVERIFY(sample->bytes > 30u << 10); // filled, not stopped at the first that did not fit
        const auto copied = filesUnder(sample->dir);
        QCOMPARE(uint64_t(copied.size()), sample->files);
        for (const auto& [path, data] : copied) {
            QVERIFY2(original.count(path), path.c_str()); // neither the huge file nor the leftover
            QCOMPARE(data, original[path]);               // whole, as it is
        }
        // Another seed, another sample.
        auto other = makeLabWorkload(*parseLabWorkload("sample:" + tree + ":40K"), dir.sub("work"), 6);
        QVERIFY(other.ok());
        QVERIFY(filesUnder(other->dir) != copied);
    }

    void aTreeOfOnlyHugeFilesGivesTheFirstCutToFit()
    {
        fgtest::ScratchDir dir("fglabwl");
        const std::string data = fgtest::randomBytes(300000, 7);
        fgtest::writeFile(dir.sub("tree/video.mkv"), data);
        auto sample = makeLabWorkload(*parseLabWorkload("sample:" + dir.sub("tree") + ":100K"), dir.path(), 1);
        QVERIFY(sample.ok());
        QCOMPARE(sample->files, uint64_t(1));
        QCOMPARE(sample->bytes, uint64_t(100) << 10);
        QCOMPARE(fgtest::readFile(sample->dir + "/video.mkv"), data.substr(0, 100 << 10));
    }

    void nothingToSampleIsRefusedAndLeavesNothing()
    {
        fgtest::ScratchDir dir("fglabwl");
        fgtest::writeFile(dir.sub("empty/sub/.keep-dir-only"), "");
        QVERIFY(platform::removeTree(dir.sub("empty/sub/.keep-dir-only")).ok());
        auto none = makeLabWorkload(*parseLabWorkload("sample:" + dir.sub("empty")), dir.sub("empty"), 1);
        QVERIFY(!none.ok());
        QVERIFY2(none.error().message.find("no regular file") != std::string::npos, none.error().message.c_str());
        auto missing = makeLabWorkload(*parseLabWorkload("sample:" + dir.sub("nowhere")), dir.path(), 1);
        QVERIFY(!missing.ok());
        // No workload folder was left behind by either.
        for (const auto& [path, what] : fgtest::describeTree(dir.path(), false))
            QVERIFY2(path.find(".fg-lab-work") == std::string::npos, path.c_str());
    }
};

QTEST_GUILESS_MAIN(TestLabWorkload)
#include "test_lab_workload.moc"
