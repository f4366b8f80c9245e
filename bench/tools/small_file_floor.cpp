// The least CPU a push of a tree of small files can cost on this machine,
// part by part: what any tool must do for it (read the files, make them under
// a hidden folder name and give the folder its name, move the bytes over TCP),
// and what Floodgate adds by design (TLS's AES-GCM on both ends, the files'
// hash on both ends). Each part runs alone, on one thread, without anything a
// real tool adds around it (threads handing work over, bookkeeping, frames),
// so their sum is a floor to set a tool's measured CPU against.
//
//   g++ -std=c++20 -O2 -o small_file_floor small_file_floor.cpp -lcrypto -lxxhash -lpthread
//   small_file_floor SOURCE_TREE EMPTY_DESTINATION_FOLDER
//
// SOURCE_TREE: folders of regular files, one level deep (the benchmark's
// small workload); warm it first (a run before) to measure without the disk.

#include <openssl/evp.h>
#include <xxhash.h>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "tree_of_folders.h"

namespace {

using tools::die;
using tools::Folder;
using tools::listTree;

struct Cpu {
    double total = 0;
    double kernel = 0;
};

Cpu cpuNow()
{
    rusage r{};
    getrusage(RUSAGE_SELF, &r);
    const double user = double(r.ru_utime.tv_sec) + double(r.ru_utime.tv_usec) / 1e6;
    const double sys = double(r.ru_stime.tv_sec) + double(r.ru_stime.tv_usec) / 1e6;
    return {user + sys, sys};
}

void report(const char* part, const Cpu& from, double& sum)
{
    const Cpu now = cpuNow();
    const double spent = now.total - from.total;
    sum += spent;
    std::printf("%-58s %6.3f CPU-s (kernel %.3f)\n", part, spent, now.kernel - from.kernel);
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 3) {
        std::fprintf(stderr, "usage: small_file_floor SOURCE_TREE EMPTY_DESTINATION_FOLDER\n");
        return 2;
    }
    const std::vector<Folder> tree = listTree(argv[1]);
    // One buffer, as a tool reads into (the bytes of a file are in cache when
    // it is hashed, sealed and written, on each end).
    std::vector<size_t> sizes;
    std::vector<char> buffer(1 << 20);
    double sum = 0;

    // Reading: the scan's stat, then open, fstat, read, close (what a sender
    // must do a file, with no batching).
    Cpu from = cpuNow();
    const int source = open(argv[1], O_DIRECTORY | O_RDONLY);
    if (source < 0) die(argv[1]);
    size_t bytes = 0;
    for (const Folder& folder : tree) {
        const int dir = openat(source, folder.name.c_str(), O_DIRECTORY | O_RDONLY);
        if (dir < 0) die(folder.name);
        for (const std::string& name : folder.files) {
            struct stat st{};
            if (fstatat(dir, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) die(name);
            const int fd = openat(dir, name.c_str(), O_RDONLY | O_CLOEXEC);
            if (fd < 0 || fstat(fd, &st) != 0) die(name);
            const size_t size = size_t(st.st_size);
            if (size > buffer.size()) buffer.resize(size);
            if (read(fd, buffer.data(), size) != ssize_t(size)) die("read " + name);
            close(fd);
            bytes += size;
            sizes.push_back(size);
        }
        close(dir);
    }
    report("read: fstatat, openat, fstat, read, close", from, sum);

    // Making: each folder under a hidden name, its files made with their
    // mode, written, stamped and closed, then the folder renamed into place
    // (Floodgate's way: receive/staged_folders.h; tar's is the same calls
    // without the rename).
    from = cpuNow();
    const int destination = open(argv[2], O_DIRECTORY | O_RDONLY);
    if (destination < 0) die(argv[2]);
    const timespec times[2] = {{1'700'000'000, 0}, {1'700'000'000, 0}};
    size_t next = 0;
    for (const Folder& folder : tree) {
        const std::string hidden = ".floor-" + folder.name;
        if (mkdirat(destination, hidden.c_str(), 0755) != 0) die("mkdir " + hidden);
        const int dir = openat(destination, hidden.c_str(), O_DIRECTORY | O_RDONLY);
        if (dir < 0) die(hidden);
        for (const std::string& name : folder.files) {
            const size_t size = sizes[next++];
            const int fd = openat(dir, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
            if (fd < 0) die("create " + name);
            if (write(fd, buffer.data(), size) != ssize_t(size)) die("write " + name);
            if (futimens(fd, times) != 0) die("futimens " + name);
            close(fd);
        }
        close(dir);
        if (renameat(destination, hidden.c_str(), destination, folder.name.c_str()) != 0) die("rename " + hidden);
    }
    report("make: mkdirat, openat(O_CREAT|O_EXCL), write, futimens, close", from, sum);

    // TCP on loopback, both ends in this process, 1 MiB writes and reads.
    const int listener = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 || listen(listener, 1) != 0
        || getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length) != 0)
        die("listen");
    from = cpuNow();
    std::thread receiver([&] {
        const int s = accept(listener, nullptr, nullptr);
        std::vector<char> buffer(1 << 20);
        for (size_t got = 0; got < bytes;) {
            const ssize_t n = read(s, buffer.data(), buffer.size());
            if (n <= 0) break;
            got += size_t(n);
        }
        close(s);
    });
    const int sender = socket(AF_INET, SOCK_STREAM, 0);
    if (connect(sender, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) die("connect");
    const std::vector<char> block(1 << 20, 'x');
    for (size_t sent = 0; sent < bytes;) {
        const ssize_t n = write(sender, block.data(), std::min(block.size(), bytes - sent));
        if (n <= 0) die("send");
        sent += size_t(n);
    }
    close(sender);
    receiver.join();
    report("tcp on loopback, both ends, 1 MiB calls", from, sum);

    // AES-128-GCM (TLS 1.3's first suite) in 16 KiB records, sealed on one
    // end and opened on the other.
    const unsigned char key[16] = {1};
    const unsigned char iv[12] = {2};
    unsigned char tag[16] = {};
    std::vector<unsigned char> record(16384, 'z');
    std::vector<unsigned char> out(record.size() + 32);
    from = cpuNow();
    EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
    for (int end = 0; end < 2; ++end) {
        for (size_t done = 0; done < bytes; done += record.size()) {
            int n = 0;
            if (end == 0) {
                EVP_EncryptInit_ex(ctx, EVP_aes_128_gcm(), nullptr, key, iv);
                EVP_EncryptUpdate(ctx, out.data(), &n, record.data(), int(record.size()));
                EVP_EncryptFinal_ex(ctx, out.data() + n, &n);
                EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16, tag);
            } else {
                EVP_DecryptInit_ex(ctx, EVP_aes_128_gcm(), nullptr, key, iv);
                EVP_DecryptUpdate(ctx, out.data(), &n, record.data(), int(record.size()));
                EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_TAG, 16, tag);
                EVP_DecryptFinal_ex(ctx, out.data() + n, &n);
            }
        }
    }
    EVP_CIPHER_CTX_free(ctx);
    report("aes-128-gcm, 16 KiB records, both ends", from, sum);

    // Each file's XXH3-128 (Floodgate's default hash), on both ends.
    from = cpuNow();
    uint64_t fold = 0;
    for (int end = 0; end < 2; ++end)
        for (const size_t size : sizes) fold ^= XXH3_128bits(buffer.data(), size).low64;
    report("xxh3-128 of each file, both ends", from, sum);

    std::printf("%-58s %6.3f CPU-s for %zu files, %zu bytes (%llx)\n", "sum", sum, sizes.size(), bytes,
                static_cast<unsigned long long>(fold & 0xf));
    return 0;
}
