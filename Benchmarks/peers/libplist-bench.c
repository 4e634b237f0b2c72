/*
 * libplist-bench: times libplist (C) on files plist-bench wrote (--write-data), in process,
 * so process start-up and file I/O are not counted: the same operations plist-bench times
 * for PlistKit and Foundation. Built and run by Benchmarks/compare-libplist.sh.
 *
 * usage: libplist-bench ITERATIONS FILE.xml FILE.bplist [BUDGET_SECONDS [DOCUMENTS [KEY...]]]
 * Prints one tab-separated line per operation: name, median seconds per document, input
 * bytes, timed runs, documents per run.
 *
 * With BUDGET_SECONDS, an operation is not run again once its runs have taken that long (it
 * always runs once), as plist-bench's --budget: libplist's binary writer takes many seconds a
 * run on a large library. Each timed run reads or writes DOCUMENTS documents (default 1), as
 * plist-bench does for small inputs, so that a run lasts long enough for the clock; every
 * tree and output a run makes is kept until its clock stops and freed after it, as
 * plist-bench frees PlistKit's and Foundation's. With KEY... (a key path, one component an
 * argument; a number indexes an array), a last operation reads the binary file and looks the
 * path up: libplist has no lazy reader, so this is what a program using it does to read one
 * value, beside PlistKit's BinaryPlistView.
 */
#include <plist/plist.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "timing.h"

/* The value at the key path `keys` (`count` components) in `root`, or NULL. */
static plist_t lookup(plist_t root, char **keys, int count) {
    plist_t node = root;
    for (int i = 0; i < count && node; i++) {
        if (plist_get_node_type(node) == PLIST_DICT) node = plist_dict_get_item(node, keys[i]);
        else if (plist_get_node_type(node) == PLIST_ARRAY) node = plist_array_get_item(node, (uint32_t)atoi(keys[i]));
        else node = NULL;
    }
    return node;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s ITERATIONS FILE.xml FILE.bplist [BUDGET_SECONDS [DOCUMENTS [KEY...]]]\n", argv[0]);
        return 64;
    }
    int iterations = atoi(argv[1]);
    if (iterations < 1) iterations = 1;
    double budget = argc > 4 ? atof(argv[4]) : 0;
    int documents = argc > 5 ? atoi(argv[5]) : 1;
    if (documents < 1) documents = 1;
    char **keys = argv + 6;
    int key_count = argc > 6 ? argc - 6 : 0;
    int runs;
    double spent;
    uint32_t xml_length, bin_length;
    char *xml = slurp(argv[2], &xml_length);
    char *bin = slurp(argv[3], &bin_length);
    double *times = calloc((size_t)iterations, sizeof(double));
    plist_t *trees = calloc((size_t)documents, sizeof(plist_t));
    char **outputs = calloc((size_t)documents, sizeof(char *));
    plist_t tree = NULL;
    unsigned long checksum = 0;

    for (runs = 0, spent = 0; another_run(runs, iterations, spent, budget); runs++) {
        double start = now();
        for (int d = 0; d < documents; d++) {
            trees[d] = NULL;
            plist_from_xml(xml, xml_length, &trees[d]);
        }
        times[runs] = now() - start;
        spent += times[runs];
        for (int d = 0; d < documents; d++) {
            if (!trees[d]) { fprintf(stderr, "libplist could not read %s\n", argv[2]); return 65; }
            checksum += plist_get_node_type(trees[d]);
            plist_free(trees[d]);
        }
    }
    printf("XML decode\t%.9f\t%u\t%d\t%d\n", median(times, runs) / documents, xml_length, runs, documents);

    for (runs = 0, spent = 0; another_run(runs, iterations, spent, budget); runs++) {
        double start = now();
        for (int d = 0; d < documents; d++) {
            trees[d] = NULL;
            plist_from_bin(bin, bin_length, &trees[d]);
        }
        times[runs] = now() - start;
        spent += times[runs];
        for (int d = 0; d < documents; d++) {
            if (!trees[d]) { fprintf(stderr, "libplist could not read %s\n", argv[3]); return 65; }
            checksum += plist_get_node_type(trees[d]);
            /* The last tree read is the one the writers write. */
            if (d == documents - 1) {
                if (tree) plist_free(tree);
                tree = trees[d];
            } else {
                plist_free(trees[d]);
            }
        }
    }
    printf("binary decode\t%.9f\t%u\t%d\t%d\n", median(times, runs) / documents, bin_length, runs, documents);

    for (runs = 0, spent = 0; another_run(runs, iterations, spent, budget); runs++) {
        double start = now();
        for (int d = 0; d < documents; d++) {
            uint32_t length = 0;
            outputs[d] = NULL;
            plist_to_xml(tree, &outputs[d], &length);
            checksum += length;
        }
        times[runs] = now() - start;
        spent += times[runs];
        for (int d = 0; d < documents; d++) plist_to_xml_free(outputs[d]);
    }
    printf("XML encode\t%.9f\t%u\t%d\t%d\n", median(times, runs) / documents, xml_length, runs, documents);

    for (runs = 0, spent = 0; another_run(runs, iterations, spent, budget); runs++) {
        double start = now();
        for (int d = 0; d < documents; d++) {
            uint32_t length = 0;
            outputs[d] = NULL;
            plist_to_bin(tree, &outputs[d], &length);
            checksum += length;
        }
        times[runs] = now() - start;
        spent += times[runs];
        for (int d = 0; d < documents; d++) plist_to_bin_free(outputs[d]);
    }
    printf("binary encode\t%.9f\t%u\t%d\t%d\n", median(times, runs) / documents, bin_length, runs, documents);

    if (key_count > 0) {
        for (runs = 0, spent = 0; another_run(runs, iterations, spent, budget); runs++) {
            double start = now();
            for (int d = 0; d < documents; d++) {
                trees[d] = NULL;
                plist_from_bin(bin, bin_length, &trees[d]);
                if (!lookup(trees[d], keys, key_count)) {
                    fprintf(stderr, "libplist found nothing at the key path in %s\n", argv[3]);
                    return 65;
                }
            }
            times[runs] = now() - start;
            spent += times[runs];
            for (int d = 0; d < documents; d++) plist_free(trees[d]);
        }
        printf("binary lookup\t%.9f\t%u\t%d\t%d\n", median(times, runs) / documents, bin_length, runs, documents);
    }
    fprintf(stderr, "checksum %lu\n", checksum);
    plist_free(tree);
    free(outputs);
    free(trees);
    free(times);
    free(xml);
    free(bin);
    return 0;
}
