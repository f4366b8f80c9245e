// file_making: the ways a receiving end can make many small files, timed side
// by side on one file system. It answers one question of issue 22 (small
// files faster than tar): how much of the receiver's per-file cost is the
// file system's, whatever the program around it does, and whether batching
// the calls through io_uring cuts it.
//
//   g++ -std=c++20 -O2 -pthread -o /tmp/file_making bench/tools/file_making.cpp -luring
//   /tmp/file_making DIR [--files N] [--size BYTES] [--batch N] [--rounds N] [--threads N [--by-folder]]
//
// DIR is a folder on the file system to measure (an ext4 image, a tmpfs);
// each round makes the same tree (folders of 256 files) under DIR once in
// every way (with --threads N, N threads at once in each folder, taking runs
// of 16 files in turn as a receiver's writers do; with --by-folder each
// thread takes whole folders in turn instead, so no two share one), the ways in turn and in reverse turn every other round, then
// removes it. Printed: the median CPU seconds of the process (its io_uring
// workers included: they are threads of it) and wall seconds of each way, and
// for the io_uring ways the most io_uring worker threads alive at the end of
// one (a call the kernel cannot finish inline goes to one of those: the
// kernel punts creates, links and renames there, and any call that would
// block).
//
// The ways:
//   create        tar's: openat(O_CREAT|O_EXCL) under the final name, write,
//                 futimens, close. Not crash-safe: a killed run leaves a torn
//                 file under its name.
//   unnamed       Floodgate's for a small file: openat(O_TMPFILE) with the
//                 final mode, write, futimens, linkat to the name, close.
//   renamed       a named temporary: openat(O_CREAT|O_EXCL) of a temporary
//                 name, write, futimens, renameat, close.
//   uring-all     unnamed, batched: the opens of a batch in one submission,
//                 its writes in a second, futimens each (io_uring has no
//                 operation for it), links and closes (hard-linked pairs) in
//                 a third.
//   uring-write   unnamed with the open, futimens and link as plain calls and
//                 the writes and closes of a batch through io_uring.

#include <liburing.h>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <dirent.h>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace {

constexpr int kFilesPerFolder = 256;

struct Options {
    std::string root;
    int files = 65536;
    size_t size = 4096;
    int batch = 64;
    int rounds = 5;
    int threads = 1;
    bool byFolder = false; // a thread takes whole folders in turn, not runs of 16 files in each
};

[[noreturn]] void die(const std::string& what, int err)
{
    std::fprintf(stderr, "file_making: %s: %s\n", what.c_str(), std::strerror(err));
    std::exit(1);
}

double cpuSeconds()
{
    rusage r{};
    getrusage(RUSAGE_SELF, &r);
    return double(r.ru_utime.tv_sec + r.ru_stime.tv_sec) + double(r.ru_utime.tv_usec + r.ru_stime.tv_usec) / 1e6;
}

double wallSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_MONOTONIC, &t);
    return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

// io_uring's workers are threads of this process named iou-wrk-PID.
int uringWorkers()
{
    int n = 0;
    DIR* tasks = opendir("/proc/self/task");
    if (!tasks) return -1;
    while (dirent* e = readdir(tasks)) {
        if (e->d_name[0] == '.') continue;
        std::string comm;
        if (FILE* f = std::fopen(("/proc/self/task/" + std::string(e->d_name) + "/comm").c_str(), "r")) {
            char line[64] = {};
            if (std::fgets(line, sizeof line, f)) comm = line;
            std::fclose(f);
        }
        if (comm.rfind("iou-wrk", 0) == 0) ++n;
    }
    closedir(tasks);
    return n;
}

std::string nameOf(int k)
{
    char n[32];
    std::snprintf(n, sizeof n, "f%04d.bin", k);
    return n;
}

const timespec kTimes[2] = {{1600000000, 0}, {1600000000, 0}};

class Maker {
public:
    explicit Maker(const Options& o) : m_o(o), m_data(o.size, 'x')
    {
        if (int rc = io_uring_queue_init(unsigned(std::max(2 * o.batch, 8)), &m_ring, 0); rc < 0)
            die("io_uring_queue_init", -rc);
    }
    ~Maker() { io_uring_queue_exit(&m_ring); }

    // Files `mine` of a folder (their numbers), in `way`, into the open folder `dir`.
    void folder(const std::string& way, int dir, const std::vector<int>& mine)
    {
        if (way == "create") return plain(dir, mine, false, false);
        if (way == "unnamed") return plain(dir, mine, true, false);
        if (way == "renamed") return plain(dir, mine, false, true);
        for (size_t first = 0; first < mine.size(); first += size_t(m_o.batch)) {
            const std::vector<int> batch(mine.begin() + long(first),
                                         mine.begin() + long(std::min(mine.size(), first + size_t(m_o.batch))));
            if (way == "uring-all") batchAll(dir, batch);
            else batchWrites(dir, batch);
        }
    }

private:
    void writeAll(int fd)
    {
        if (::write(fd, m_data.data(), m_data.size()) != ssize_t(m_data.size())) die("write", errno);
    }

    void plain(int dir, const std::vector<int>& mine, bool unnamed, bool renamed)
    {
        for (int k : mine) {
            const std::string name = nameOf(k);
            const std::string temp = "." + name + ".tmp";
            const int fd = unnamed ? ::openat(dir, ".", O_RDWR | O_TMPFILE | O_CLOEXEC, 0644)
                                   : ::openat(dir, (renamed ? temp : name).c_str(),
                                              O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
            if (fd < 0) die("openat", errno);
            writeAll(fd);
            if (::futimens(fd, kTimes) != 0) die("futimens", errno);
            if (unnamed && ::linkat(fd, "", dir, name.c_str(), AT_EMPTY_PATH) != 0) die("linkat", errno);
            if (renamed && ::renameat(dir, temp.c_str(), dir, name.c_str()) != 0) die("renameat", errno);
            ::close(fd);
        }
    }

    io_uring_sqe* sqe()
    {
        io_uring_sqe* s = io_uring_get_sqe(&m_ring);
        if (!s) die("io_uring_get_sqe", EBUSY);
        return s;
    }

    // Submits what is queued, waits for `n` completions; their results by
    // user data.
    void reap(int n, std::vector<int>& results)
    {
        if (int rc = io_uring_submit_and_wait(&m_ring, unsigned(n)); rc < 0) die("io_uring_submit_and_wait", -rc);
        for (int i = 0; i < n; ++i) {
            io_uring_cqe* c = nullptr;
            if (int rc = io_uring_wait_cqe(&m_ring, &c); rc < 0) die("io_uring_wait_cqe", -rc);
            results[size_t(io_uring_cqe_get_data64(c))] = c->res;
            io_uring_cqe_seen(&m_ring, c);
        }
    }

    void batchAll(int dir, const std::vector<int>& which)
    {
        const int n = int(which.size());
        std::vector<int> fds(static_cast<size_t>(n)), res(static_cast<size_t>(2 * n));
        for (int i = 0; i < n; ++i) {
            io_uring_sqe* s = sqe();
            io_uring_prep_openat(s, dir, ".", O_RDWR | O_TMPFILE | O_CLOEXEC, 0644);
            io_uring_sqe_set_data64(s, uint64_t(i));
        }
        reap(n, fds);
        for (int fd : fds)
            if (fd < 0) die("openat through io_uring", -fd);
        queueWrites(fds);
        reap(n, res);
        checkWrites(res, n);
        for (int fd : fds)
            if (::futimens(fd, kTimes) != 0) die("futimens", errno);
        std::vector<std::string> names;
        names.reserve(size_t(n));
        for (int i = 0; i < n; ++i) {
            names.push_back(nameOf(which[size_t(i)]));
            io_uring_sqe* s = sqe();
            io_uring_prep_linkat(s, fds[size_t(i)], "", dir, names.back().c_str(), AT_EMPTY_PATH);
            io_uring_sqe_set_data64(s, uint64_t(i));
            s->flags |= IOSQE_IO_HARDLINK; // the close follows whatever the link did
            s = sqe();
            io_uring_prep_close(s, fds[size_t(i)]);
            io_uring_sqe_set_data64(s, uint64_t(n + i));
        }
        reap(2 * n, res);
        for (int r : res)
            if (r < 0) die("linkat or close through io_uring", -r);
    }

    void batchWrites(int dir, const std::vector<int>& which)
    {
        const int n = int(which.size());
        std::vector<int> fds(static_cast<size_t>(n)), res(static_cast<size_t>(n));
        for (int i = 0; i < n; ++i) {
            fds[size_t(i)] = ::openat(dir, ".", O_RDWR | O_TMPFILE | O_CLOEXEC, 0644);
            if (fds[size_t(i)] < 0) die("openat", errno);
        }
        queueWrites(fds);
        reap(n, res);
        checkWrites(res, n);
        for (int i = 0; i < n; ++i) {
            if (::futimens(fds[size_t(i)], kTimes) != 0) die("futimens", errno);
            if (::linkat(fds[size_t(i)], "", dir, nameOf(which[size_t(i)]).c_str(), AT_EMPTY_PATH) != 0) die("linkat", errno);
        }
        for (int i = 0; i < n; ++i) {
            io_uring_sqe* s = sqe();
            io_uring_prep_close(s, fds[size_t(i)]);
            io_uring_sqe_set_data64(s, uint64_t(i));
        }
        reap(n, res);
    }

    void queueWrites(const std::vector<int>& fds)
    {
        for (size_t i = 0; i < fds.size(); ++i) {
            io_uring_sqe* s = sqe();
            io_uring_prep_write(s, fds[i], m_data.data(), unsigned(m_data.size()), 0);
            io_uring_sqe_set_data64(s, i);
        }
    }

    void checkWrites(const std::vector<int>& res, int n)
    {
        for (int i = 0; i < n; ++i)
            if (res[size_t(i)] != int(m_data.size()))
                die("write through io_uring", res[size_t(i)] < 0 ? -res[size_t(i)] : EIO);
    }

    const Options& m_o;
    std::vector<char> m_data;
    io_uring m_ring{};
};

struct Sample {
    double cpu = 0, wall = 0;
    int workers = 0;
};

// The tree made by o.threads threads at once, all in the same folder at a
// time as a receiver's writers are: a thread takes runs of 16 files in turn.
Sample makeTree(std::vector<std::unique_ptr<Maker>>& makers, const Options& o, const std::string& way,
                const std::string& top)
{
    if (::mkdir(top.c_str(), 0755) != 0) die("mkdir " + top, errno);
    std::vector<int> dirs;
    std::vector<int> counts;
    for (int made = 0, folder = 0; made < o.files; ++folder) {
        const std::string path = top + "/d" + std::to_string(folder);
        if (::mkdir(path.c_str(), 0755) != 0) die("mkdir " + path, errno);
        const int dir = ::open(path.c_str(), O_DIRECTORY | O_RDONLY | O_CLOEXEC);
        if (dir < 0) die("open " + path, errno);
        dirs.push_back(dir);
        counts.push_back(std::min(kFilesPerFolder, o.files - made));
        made += counts.back();
    }
    ::sync();
    const double c0 = cpuSeconds(), w0 = wallSeconds();
    std::vector<std::thread> threads;
    std::vector<int> workers(size_t(o.threads), 0);
    for (int t = 0; t < o.threads; ++t) {
        threads.emplace_back([&, t] {
            for (size_t d = 0; d < dirs.size(); ++d) {
                if (o.byFolder && int(d) % o.threads != t) continue;
                std::vector<int> mine;
                for (int k = 0; k < counts[d]; ++k)
                    if (o.byFolder || (k / 16) % o.threads == t) mine.push_back(k);
                makers[size_t(t)]->folder(way, dirs[d], mine);
            }
            // A thread's io_uring workers end with it: counted before.
            workers[size_t(t)] = uringWorkers();
        });
    }
    for (auto& thread : threads) thread.join();
    Sample s{cpuSeconds() - c0, wallSeconds() - w0, *std::max_element(workers.begin(), workers.end())};
    for (int dir : dirs) ::close(dir);
    std::filesystem::remove_all(top);
    ::sync();
    return s;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> int {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "file_making: %s needs a number\n", a.c_str());
                std::exit(2);
            }
            return std::atoi(argv[++i]);
        };
        if (a == "--files") o.files = value();
        else if (a == "--size") o.size = size_t(value());
        else if (a == "--batch") o.batch = value();
        else if (a == "--rounds") o.rounds = value();
        else if (a == "--threads") o.threads = value();
        else if (a == "--by-folder") o.byFolder = true;
        else if (!a.empty() && a[0] != '-' && o.root.empty()) o.root = a;
        else {
            std::fprintf(stderr, "usage: file_making DIR [--files N] [--size BYTES] [--batch N] [--rounds N] [--threads N [--by-folder]]\n");
            return 2;
        }
    }
    if (o.root.empty() || o.files <= 0 || o.batch <= 0 || o.rounds <= 0 || o.threads <= 0 || o.threads > 64) {
        std::fprintf(stderr, "usage: file_making DIR [--files N] [--size BYTES] [--batch N] [--rounds N] [--threads N [--by-folder]]\n");
        return 2;
    }
    const std::vector<std::string> ways = {"create", "unnamed", "renamed", "uring-all", "uring-write"};
    std::map<std::string, std::vector<double>> cpu, wall;
    std::map<std::string, int> workers;
    std::vector<std::unique_ptr<Maker>> makers;
    for (int t = 0; t < o.threads; ++t) makers.push_back(std::make_unique<Maker>(o));
    const std::string top = o.root + "/file-making." + std::to_string(::getpid());
    for (int round = 0; round < o.rounds; ++round) {
        std::vector<std::string> order = ways;
        if (round % 2) std::reverse(order.begin(), order.end());
        for (const std::string& way : order) {
            const Sample s = makeTree(makers, o, way, top);
            cpu[way].push_back(s.cpu);
            wall[way].push_back(s.wall);
            workers[way] = std::max(workers[way], s.workers);
        }
    }
    std::printf("%d files of %zu bytes in folders of %d by %d thread(s)%s, batches of %d, median of %d rounds\n",
                o.files, o.size, kFilesPerFolder, o.threads, o.byFolder ? " (a folder each)" : "", o.batch, o.rounds);
    std::printf("| way | CPU s | wall s | CPU / create | io_uring workers |\n|---|---:|---:|---:|---:|\n");
    const double base = median(cpu["create"]);
    for (const std::string& way : ways) {
        const bool ring = way.rfind("uring", 0) == 0;
        std::printf("| %s | %.3f | %.3f | %.2f | %s |\n", way.c_str(), median(cpu[way]), median(wall[way]),
                    median(cpu[way]) / base, ring ? std::to_string(workers[way]).c_str() : "-");
    }
    return 0;
}
