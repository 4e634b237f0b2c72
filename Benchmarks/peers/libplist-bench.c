/*
 * libplist-bench: times libplist (C) on files plist-bench wrote (--write-data), in process,
 * so process start-up and file I/O are not counted: the same operations plist-bench times
 * for PlistKit and Foundation. Built and run by Benchmarks/compare-libplist.sh.
 *
 * usage: libplist-bench ITERATIONS FILE.xml FILE.bplist [BUDGET_SECONDS]
 * Prints one tab-separated line per operation: name, median seconds, input bytes, timed runs.
 * With BUDGET_SECONDS, an operation is not run again once its runs have taken that long (it
 * always runs once), as plist-bench's --budget: libplist's binary writer takes many seconds a
 * run on a large library.
 */
#include <plist/plist.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "timing.h"

int main(int argc, char **argv) {
    if (argc != 4 && argc != 5) {
        fprintf(stderr, "usage: %s ITERATIONS FILE.xml FILE.bplist [BUDGET_SECONDS]\n", argv[0]);
        return 64;
    }
    int iterations = atoi(argv[1]);
    if (iterations < 1) iterations = 1;
    double budget = argc == 5 ? atof(argv[4]) : 0;
    int runs;
    double spent;
    uint32_t xml_length, bin_length;
    char *xml = slurp(argv[2], &xml_length);
    char *bin = slurp(argv[3], &bin_length);
    double *times = calloc((size_t)iterations, sizeof(double));
    plist_t tree = NULL;
    unsigned long checksum = 0;

    for (runs = 0, spent = 0; another_run(runs, iterations, spent, budget); runs++) {
        plist_t root = NULL;
        double start = now();
        plist_from_xml(xml, xml_length, &root);
        times[runs] = now() - start;
        spent += times[runs];
        if (!root) { fprintf(stderr, "libplist could not read %s\n", argv[2]); return 65; }
        checksum += plist_dict_get_size(root);
        plist_free(root);
    }
    printf("XML decode\t%.6f\t%u\t%d\n", median(times, runs), xml_length, runs);

    for (runs = 0, spent = 0; another_run(runs, iterations, spent, budget); runs++) {
        plist_t root = NULL;
        double start = now();
        plist_from_bin(bin, bin_length, &root);
        times[runs] = now() - start;
        spent += times[runs];
        if (!root) { fprintf(stderr, "libplist could not read %s\n", argv[3]); return 65; }
        checksum += plist_dict_get_size(root);
        if (tree) plist_free(tree);
        tree = root;  /* the last tree read is the one the writers write */
    }
    printf("binary decode\t%.6f\t%u\t%d\n", median(times, runs), bin_length, runs);

    for (runs = 0, spent = 0; another_run(runs, iterations, spent, budget); runs++) {
        char *out = NULL;
        uint32_t length = 0;
        double start = now();
        plist_to_xml(tree, &out, &length);
        times[runs] = now() - start;
        spent += times[runs];
        checksum += length;
        plist_to_xml_free(out);
    }
    printf("XML encode\t%.6f\t%u\t%d\n", median(times, runs), xml_length, runs);

    for (runs = 0, spent = 0; another_run(runs, iterations, spent, budget); runs++) {
        char *out = NULL;
        uint32_t length = 0;
        double start = now();
        plist_to_bin(tree, &out, &length);
        times[runs] = now() - start;
        spent += times[runs];
        checksum += length;
        plist_to_bin_free(out);
    }
    printf("binary encode\t%.6f\t%u\t%d\n", median(times, runs), bin_length, runs);
    fprintf(stderr, "checksum %lu\n", checksum);
    plist_free(tree);
    free(times);
    free(xml);
    free(bin);
    return 0;
}
