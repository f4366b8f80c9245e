#include "cli.h"

int main(int argc, char** argv)
{
    return fg::cli::run(argc, argv);
}
