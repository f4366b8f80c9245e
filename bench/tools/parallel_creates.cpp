// What making small files from several threads costs against one: the tree
// of SOURCE_TREE (folders of files, one level deep) made again under
// EMPTY_DESTINATION_FOLDER, each file created with O_CREAT|O_EXCL, written
// (4 KiB of one buffer), stamped and closed, by THREADS threads that take
// either runs of RUN neighbouring files wherever they lie (several threads
// in one folder at once, as writers fed in turn are) or whole folders (each
// folder made by one thread). Prints the wall time and the CPU of all the
// threads; the folders are made under hidden names first and renamed after,
// outside the measured part.
//
//   g++ -std=c++20 -O2 -o parallel_creates parallel_creates.cpp -lpthread
//   parallel_creates SOURCE_TREE EMPTY_DESTINATION_FOLDER THREADS runs|folders [RUN]
//
// Its figures are in docs/PERFORMANCE.md (issue 22, target 3).

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "tree_of_folders.h"

namespace {

using tools::die;
using tools::Folder;
using tools::listTree;

struct File {
    int dir;
    const std::string* name;
};

double cpuSeconds(double& kernel)
{
    rusage r{};
    getrusage(RUSAGE_SELF, &r);
    kernel = double(r.ru_stime.tv_sec) + double(r.ru_stime.tv_usec) / 1e6;
    return double(r.ru_utime.tv_sec) + double(r.ru_utime.tv_usec) / 1e6 + kernel;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 5 || (std::strcmp(argv[4], "runs") != 0 && std::strcmp(argv[4], "folders") != 0)) {
        std::fprintf(stderr, "usage: parallel_creates SOURCE_TREE EMPTY_DESTINATION_FOLDER THREADS runs|folders [RUN]\n");
        return 2;
    }
    const std::vector<Folder> tree = listTree(argv[1]);
    const int threads = std::max(1, std::atoi(argv[3]));
    const bool byFolder = std::strcmp(argv[4], "folders") == 0;
    const size_t run = argc > 5 ? size_t(std::max(1, std::atoi(argv[5]))) : 16;

    const int destination = open(argv[2], O_DIRECTORY | O_RDONLY);
    if (destination < 0) die(argv[2]);
    std::vector<int> dirs;
    std::vector<size_t> firstFile;
    std::vector<File> files;
    for (const Folder& folder : tree) {
        const std::string hidden = ".creates-" + folder.name;
        if (mkdirat(destination, hidden.c_str(), 0755) != 0) die("mkdir " + hidden);
        const int dir = openat(destination, hidden.c_str(), O_DIRECTORY | O_RDONLY);
        if (dir < 0) die(hidden);
        dirs.push_back(dir);
        firstFile.push_back(files.size());
        for (const std::string& name : folder.files) files.push_back({dir, &name});
    }
    firstFile.push_back(files.size());

    const std::vector<char> data(4096, 'q');
    const timespec times[2] = {{1'700'000'000, 0}, {1'700'000'000, 0}};
    auto make = [&](const File& file) {
        const int fd = openat(file.dir, file.name->c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (fd < 0) die("create " + *file.name);
        if (write(fd, data.data(), data.size()) != ssize_t(data.size())) die("write " + *file.name);
        if (futimens(fd, times) != 0) die("futimens " + *file.name);
        close(fd);
    };
    std::atomic<size_t> next{0};
    auto work = [&] {
        for (;;) {
            if (byFolder) {
                const size_t f = next++;
                if (f >= tree.size()) return;
                for (size_t i = firstFile[f]; i < firstFile[f + 1]; ++i) make(files[i]);
            } else {
                const size_t from = next.fetch_add(run);
                if (from >= files.size()) return;
                for (size_t i = from; i < std::min(files.size(), from + run); ++i) make(files[i]);
            }
        }
    };

    double kernel0 = 0;
    const double cpu0 = cpuSeconds(kernel0);
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(work);
    for (std::thread& t : pool) t.join();
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    double kernel1 = 0;
    const double cpu1 = cpuSeconds(kernel1);

    for (size_t i = 0; i < tree.size(); ++i) {
        close(dirs[i]);
        const std::string hidden = ".creates-" + tree[i].name;
        if (renameat(destination, hidden.c_str(), destination, tree[i].name.c_str()) != 0) die("rename " + hidden);
    }
    std::printf("%d thread(s), %s: %zu files in %.3f s, %.3f CPU-s (kernel %.3f)\n", threads,
                byFolder ? "a folder each" : ("runs of " + std::to_string(run)).c_str(), files.size(), wall,
                cpu1 - cpu0, kernel1 - kernel0);
    return 0;
}
