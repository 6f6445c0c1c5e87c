/* The wire between the benchmark's hosts (tests/hosts.py): a userspace IPv4 switch over TUN
 * devices that holds every packet for a fixed one-way delay before passing it on. It stands in
 * for veth pairs + a bridge + `tc netem`, which this machine's kernel lacks (no netem qdisc).
 *
 *   hosts_wire DELAY_FILE PIDFILE NAME=IPV4 [NAME=IPV4 ...]
 *
 * Creates one TUN device per NAME (IFF_TUN | IFF_NO_PI, in the namespace it starts in; the
 * caller moves them into the hosts' namespaces), then forwards each packet read from any of
 * them to the device whose IPV4 is the packet's destination, DELAY microseconds later
 * (DELAY_FILE holds it, re-read on SIGHUP; 0 passes packets on at once). Packets to unknown
 * destinations (IPv6, broadcasts) are dropped. The queue is FIFO: the delay is the same for
 * every packet. Prints "ready" once every device exists; dies with its parent.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/if.h>
#include <linux/if_tun.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#define MAXDEV 16
#define SLOTS 16384
#define SLOT 2048

struct packet { int64_t due; int to; int len; unsigned char data[SLOT]; };

static struct packet *ring;
static unsigned head, tail;           /* tail - head = queued */
static volatile sig_atomic_t reload = 1;
static int64_t delay_ns;
static const char *delay_file;
static unsigned long dropped;

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void on_hup(int sig) { (void)sig; reload = 1; }

static void read_delay(void) {
    FILE *f = fopen(delay_file, "r");
    double us = 0;
    if (f) {
        if (fscanf(f, "%lf", &us) != 1) us = 0;
        fclose(f);
    }
    delay_ns = (int64_t)(us * 1000.0);
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s DELAY_FILE PIDFILE NAME=IPV4...\n", argv[0]);
        return 2;
    }
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    prctl(PR_SET_TIMERSLACK, 1UL);
    /* a wire's delay does not depend on how busy the hosts' CPUs are: run ahead of them */
    struct sched_param sp = { .sched_priority = 10 };
    sched_setscheduler(0, SCHED_FIFO, &sp);
    delay_file = argv[1];
    int n = argc - 3;
    if (n > MAXDEV) return 2;
    struct pollfd fds[MAXDEV];
    uint32_t addr[MAXDEV];
    for (int i = 0; i < n; i++) {
        char *spec = strdup(argv[i + 3]), *eq = strchr(spec, '=');
        if (!eq) return 2;
        *eq = 0;
        struct in_addr a;
        if (inet_pton(AF_INET, eq + 1, &a) != 1) return 2;
        addr[i] = a.s_addr;
        int fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0) { perror("/dev/net/tun"); return 1; }
        struct ifreq ifr;
        memset(&ifr, 0, sizeof ifr);
        ifr.ifr_flags = IFF_TUN | IFF_NO_PI;
        strncpy(ifr.ifr_name, spec, IFNAMSIZ - 1);
        if (ioctl(fd, TUNSETIFF, &ifr) < 0) { perror(spec); return 1; }
        fds[i].fd = fd;
        fds[i].events = POLLIN;
    }
    ring = calloc(SLOTS, sizeof *ring);
    if (!ring) return 1;
    FILE *pf = fopen(argv[2], "w");
    if (pf) { fprintf(pf, "%d\n", getpid()); fclose(pf); }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_hup;
    sigaction(SIGHUP, &sa, NULL);
    printf("ready\n");
    fflush(stdout);
    for (;;) {
        if (reload) { reload = 0; read_delay(); }
        int64_t now = now_ns();
        /* pass on what is due */
        while (head != tail && ring[head % SLOTS].due <= now) {
            struct packet *p = &ring[head % SLOTS];
            if (write(fds[p->to].fd, p->data, p->len) < 0) dropped++;
            head++;
        }
        struct timespec timeout, *tp = NULL;
        if (head != tail) {
            int64_t wait = ring[head % SLOTS].due - now;
            timeout.tv_sec = wait / 1000000000;
            timeout.tv_nsec = wait % 1000000000;
            tp = &timeout;
        }
        int ready = ppoll(fds, n, tp, NULL);
        if (ready < 0) {
            if (errno == EINTR) continue;
            perror("ppoll");
            return 1;
        }
        if (ready == 0) continue;
        now = now_ns();
        for (int i = 0; i < n; i++) {
            if (!(fds[i].revents & POLLIN)) continue;
            for (int k = 0; k < 64; k++) {     /* a burst per device, then the others' turn */
                unsigned char buf[SLOT];
                ssize_t len = read(fds[i].fd, buf, sizeof buf);
                if (len <= 0) break;
                if (len < 20 || (buf[0] >> 4) != 4) continue;
                uint32_t dst;
                memcpy(&dst, buf + 16, 4);
                int to = -1;
                for (int j = 0; j < n; j++) if (addr[j] == dst) to = j;
                if (to < 0 || to == i) continue;
                if (delay_ns == 0 && head == tail) {
                    if (write(fds[to].fd, buf, len) < 0) dropped++;
                    continue;
                }
                if (tail - head >= SLOTS) { dropped++; continue; }
                struct packet *p = &ring[tail % SLOTS];
                p->due = now + delay_ns;
                p->to = to;
                p->len = (int)len;
                memcpy(p->data, buf, len);
                tail++;
            }
        }
    }
}
