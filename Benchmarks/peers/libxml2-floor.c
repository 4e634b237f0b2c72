/*
 * libxml2-floor: times libxml2 parsing an XML file with SAX callbacks that only count, in
 * process: the least any reader built on libxml2 can take for that file. PlistKit's XML reader
 * drives libxml2 the same way (its pull parser, SAX1 callbacks, the options below) and does
 * its own work in those callbacks; the difference between its time and this one is what
 * PlistKit itself spends. PlistKit hands libxml2 the buffer through an I/O callback, this
 * program directly, which is libxml2's cheapest way in: the floor errs low, never high.
 * Built and run by Benchmarks/compare-libplist.sh.
 *
 * usage: libxml2-floor ITERATIONS FILE.xml [BUDGET_SECONDS [DOCUMENTS]]
 * Prints one tab-separated line: name, median seconds per document, input bytes, timed runs,
 * documents per run. Each timed run parses the file DOCUMENTS times (default 1), as
 * plist-bench and libplist-bench read small documents, so that a run lasts long enough for
 * the clock; a parser context is made and freed for each document, as a reader must.
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
    if (argc < 3 || argc > 5) {
        fprintf(stderr, "usage: %s ITERATIONS FILE.xml [BUDGET_SECONDS [DOCUMENTS]]\n", argv[0]);
        return 64;
    }
    int iterations = atoi(argv[1]);
    if (iterations < 1) iterations = 1;
    double budget = argc > 3 ? atof(argv[3]) : 0;
    int documents = argc > 4 ? atoi(argv[4]) : 1;
    if (documents < 1) documents = 1;
    uint32_t length;
    char *xml = slurp(argv[2], &length);
    double *times = calloc((size_t)iterations, sizeof(double));
    xmlInitParser();

    int runs;
    double spent;
    for (runs = 0, spent = 0; another_run(runs, iterations, spent, budget); runs++) {
        double start = now();
        int failed = 0;
        for (int d = 0; d < documents; d++) {
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
            failed |= status != 0 || !context->wellFormed;
            xmlFreeParserCtxt(context);
        }
        times[runs] = now() - start;
        spent += times[runs];
        if (failed) { fprintf(stderr, "libxml2 could not read %s\n", argv[2]); return 65; }
    }
    printf("libxml2 parse alone\t%.9f\t%u\t%d\t%d\n", median(times, runs) / documents, length, runs, documents);
    fprintf(stderr, "events %lu\n", events);
    free(times);
    free(xml);
    xmlCleanupParser();
    return 0;
}
