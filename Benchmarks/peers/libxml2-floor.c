/*
 * libxml2-floor: times libxml2 parsing an XML file with SAX callbacks that only count, in
 * process: the least any reader built on libxml2 can take for that file. PlistKit's XML reader
 * drives libxml2 the same way (its pull parser, SAX1 callbacks, the options below) and does
 * its own work in those callbacks; the difference between its time and this one is what
 * PlistKit itself spends. PlistKit hands libxml2 the buffer through an I/O callback, this
 * program directly, which is libxml2's cheapest way in: the floor errs low, never high.
 * Built and run by Benchmarks/compare-libplist.sh.
 *
 * usage: libxml2-floor ITERATIONS FILE.xml [BUDGET_SECONDS]
 * Prints one tab-separated line: name, median seconds, input bytes, timed runs.
 */
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <string.h>

#include "timing.h"

static unsigned long events;

static void start_element(void *context, const xmlChar *name, const xmlChar **attributes) {
    (void)context; (void)name; (void)attributes;
    events++;
}

static void end_element(void *context, const xmlChar *name) {
    (void)context; (void)name;
    events++;
}

static void characters(void *context, const xmlChar *bytes, int length) {
    (void)context; (void)bytes;
    events += (unsigned long)length;
}

int main(int argc, char **argv) {
    if (argc != 3 && argc != 4) {
        fprintf(stderr, "usage: %s ITERATIONS FILE.xml [BUDGET_SECONDS]\n", argv[0]);
        return 64;
    }
    int iterations = atoi(argv[1]);
    if (iterations < 1) iterations = 1;
    double budget = argc == 4 ? atof(argv[3]) : 0;
    uint32_t length;
    char *xml = slurp(argv[2], &length);
    double *times = calloc((size_t)iterations, sizeof(double));
    xmlInitParser();

    int runs;
    double spent;
    for (runs = 0, spent = 0; another_run(runs, iterations, spent, budget); runs++) {
        double start = now();
        xmlParserCtxtPtr context = xmlCreateMemoryParserCtxt(xml, (int)length);
        if (!context) { fprintf(stderr, "libxml2 could not start on %s\n", argv[2]); return 70; }
        /* SAX1: a handler not marked XML_SAX2_MAGIC, with startElement and endElement. */
        memset(context->sax, 0, sizeof(xmlSAXHandler));
        context->sax->initialized = 1;
        context->sax->startElement = start_element;
        context->sax->endElement = end_element;
        context->sax->characters = characters;
        context->sax->ignorableWhitespace = characters;
        context->sax->cdataBlock = characters;
        xmlCtxtUseOptions(context, XML_PARSE_NONET | XML_PARSE_HUGE | XML_PARSE_NOCDATA);
        int status = xmlParseDocument(context);
        int well_formed = context->wellFormed;
        xmlFreeParserCtxt(context);
        times[runs] = now() - start;
        spent += times[runs];
        if (status != 0 || !well_formed) { fprintf(stderr, "libxml2 could not read %s\n", argv[2]); return 65; }
    }
    printf("libxml2 parse alone\t%.6f\t%u\t%d\n", median(times, runs), length, runs);
    fprintf(stderr, "events %lu\n", events);
    free(times);
    free(xml);
    xmlCleanupParser();
    return 0;
}
