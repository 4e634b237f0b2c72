/*
 * libplist-bench: times libplist (C) on files plist-bench wrote (--write-data), in process,
 * so process start-up and file I/O are not counted: the same operations plist-bench times
 * for PlistKit and Foundation. Built and run by Benchmarks/compare-libplist.sh.
 *
 * usage: libplist-bench ITERATIONS FILE.xml FILE.bplist
 * Prints one tab-separated line per operation: name, median seconds, input bytes.
 */
#include <plist/plist.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec spec;
    clock_gettime(CLOCK_MONOTONIC, &spec);
    return (double)spec.tv_sec + (double)spec.tv_nsec / 1e9;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *values, int count) {
    qsort(values, (size_t)count, sizeof(double), compare);
    return count % 2 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}

static char *slurp(const char *path, uint32_t *length) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(66); }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *bytes = malloc((size_t)size);
    if (!bytes || fread(bytes, 1, (size_t)size, file) != (size_t)size) { perror(path); exit(74); }
    fclose(file);
    *length = (uint32_t)size;
    return bytes;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s ITERATIONS FILE.xml FILE.bplist\n", argv[0]);
        return 64;
    }
    int iterations = atoi(argv[1]);
    if (iterations < 1) iterations = 1;
    uint32_t xml_length, bin_length;
    char *xml = slurp(argv[2], &xml_length);
    char *bin = slurp(argv[3], &bin_length);
    double *times = calloc((size_t)iterations, sizeof(double));
    plist_t tree = NULL;
    unsigned long checksum = 0;

    for (int i = 0; i < iterations; i++) {
        plist_t root = NULL;
        double start = now();
        plist_from_xml(xml, xml_length, &root);
        times[i] = now() - start;
        if (!root) { fprintf(stderr, "libplist could not read %s\n", argv[2]); return 65; }
        checksum += plist_dict_get_size(root);
        plist_free(root);
    }
    printf("XML decode\t%.6f\t%u\n", median(times, iterations), xml_length);

    for (int i = 0; i < iterations; i++) {
        plist_t root = NULL;
        double start = now();
        plist_from_bin(bin, bin_length, &root);
        times[i] = now() - start;
        if (!root) { fprintf(stderr, "libplist could not read %s\n", argv[3]); return 65; }
        checksum += plist_dict_get_size(root);
        if (i + 1 < iterations) plist_free(root); else tree = root;
    }
    printf("binary decode\t%.6f\t%u\n", median(times, iterations), bin_length);

    for (int i = 0; i < iterations; i++) {
        char *out = NULL;
        uint32_t length = 0;
        double start = now();
        plist_to_xml(tree, &out, &length);
        times[i] = now() - start;
        checksum += length;
        plist_to_xml_free(out);
    }
    printf("XML encode\t%.6f\t%u\n", median(times, iterations), xml_length);

    for (int i = 0; i < iterations; i++) {
        char *out = NULL;
        uint32_t length = 0;
        double start = now();
        plist_to_bin(tree, &out, &length);
        times[i] = now() - start;
        checksum += length;
        plist_to_bin_free(out);
    }
    printf("binary encode\t%.6f\t%u\n", median(times, iterations), bin_length);
    fprintf(stderr, "checksum %lu\n", checksum);
    plist_free(tree);
    free(times);
    free(xml);
    free(bin);
    return 0;
}
