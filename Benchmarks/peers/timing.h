/*
 * What the C peer programs share: a monotonic clock, medians, the time budget plist-bench's
 * --budget also applies, and reading a whole file into memory (timed runs never touch disk).
 */
#ifndef PEERS_TIMING_H
#define PEERS_TIMING_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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

/* Whether another timed run fits: the first always does, later ones while under budget. */
static int another_run(int done, int iterations, double spent, double budget) {
    return done < iterations && (done == 0 || budget <= 0 || spent < budget);
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

#endif
