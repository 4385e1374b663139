// Large neighbourhood search that re-seats one whole round at a time, exactly.
//
//   gcc -O2 -o reseat reseat.c
//   ./reseat N ROUNDS SEED SECONDS CAP [FAIR_SECONDS] [START_FILE]
//
// The state is a schedule of ROUNDS rounds: N // 4 tables per round, the last N % 4 of them
// tables of five (the start: random rounds, or the schedule in START_FILE as tabu2 prints it).
// A step takes one round and seats it again from scratch with a depth-first search over whole
// tables: of all the ways to split the players into tables of the right sizes it takes one, by
// lot, whose pairs met in the other rounds at most as often as in the round's present seating
// (so the number of repeated meetings never grows), and in which nobody gets more than CAP
// tables of five in all (repeats first: the spread of the tables of five is only capped).
// Rounds with a repeated meeting are taken first; after STALL steps without a new best one
// round is seated with one repeated meeting more than before (a kick).
//
// Once no meeting is repeated, a second phase of FAIR_SECONDS (default 60) keeps it so and
// spreads the tables of five more evenly: a round is seated again only with no pair met
// before, and the seating is taken if it lowers the sum over the players of the square of their
// number of tables of five (the fairest spread has the lowest sum), or keeps it (a sideways
// step).  With the cap at the fair maximum this gives the fewest players at that maximum.
//
// It prints the best schedule (one round per line, tables separated by spaces, players
// 0..N-1 separated by commas; exit code 0 if it has no repeated meeting) and reports on
// standard error.  Searches stop after SECONDS of processor time (each phase).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#define MAXN 64
#define MAXW 12
#define MAXT (MAXN / 4)
typedef unsigned long long u64;
static u64 s[2];
static u64 nxt(void) {
  u64 s1 = s[0];
  const u64 s0 = s[1];
  s[0] = s0;
  s1 ^= s1 << 23;
  s[1] = s1 ^ s0 ^ (s1 >> 17) ^ (s0 >> 26);
  return s[1] + s0;
}
static int rnd(int n) { return (int)(nxt() % (u64)n); }

static int N, W, T, R, CAP;
static int tab[MAXW][MAXT][5];  // tab[w][g][m]: players of table g in round w
static int tsize[MAXT];         // 4 or 5 (the last R tables are fives)
static int cnt[MAXN][MAXN];     // meetings of each pair over all rounds
static int fives[MAXN];         // tables of five of each player over all rounds

static void add_round(int w, int sign) {
  for (int g = 0; g < T; g++)
    for (int a = 0; a < tsize[g]; a++) {
      if (tsize[g] == 5) fives[tab[w][g][a]] += sign;
      for (int b = a + 1; b < tsize[g]; b++) {
        int x = tab[w][g][a], y = tab[w][g][b];
        cnt[x][y] += sign;
        cnt[y][x] += sign;
      }
    }
}
static int repeats(void) {
  int c = 0;
  for (int a = 0; a < N; a++)
    for (int b = a + 1; b < N; b++)
      if (cnt[a][b] > 1) c += cnt[a][b] - 1;
  return c;
}
static long fair_cost(void) {
  long c = 0;
  for (int p = 0; p < N; p++) c += (long)fives[p] * fives[p];
  return c;
}
// pairs of round w that met in another round (its share of the repeated meetings)
static int round_cost(int w) {
  int c = 0;
  for (int g = 0; g < T; g++)
    for (int a = 0; a < tsize[g]; a++)
      for (int b = a + 1; b < tsize[g]; b++)
        if (cnt[tab[w][g][a]][tab[w][g][b]] > 1) c++;
  return c;
}

// ---- exact seating of one round (the round itself is taken out of cnt and fives first)
static u64 met[MAXN];     // met[v]: players v met in the other rounds
static u64 allowed5;      // players who may still sit at a table of five
static long nodes, node_limit;
static int sol[2 * MAXT + 2][5], solsize[2 * MAXT + 2];
static int opt_buf[2 * MAXT + 2][4096][5];  // candidate tables per depth
static int opt_cost[2 * MAXT + 2][4096];
// pair mode: a complete seating of the first round (depths 0..T-1) is only taken if the second
// round (depths T..2T-1) can then be seated too, in at most pair_limit nodes
static int pair_mode;
static long pair_limit, pair_tries;
static int seat(u64 left, int fours, int fivesleft, int budget, int depth);
static u64 all_players(void) { return N == 64 ? ~0ULL : (1ULL << N) - 1; }
static int second_round(void) {
  u64 saved[MAXN];
  memcpy(saved, met, sizeof saved);
  for (int d = 0; d < T; d++)
    for (int a = 0; a < solsize[d]; a++)
      for (int b = 0; b < solsize[d]; b++)
        if (a != b) met[sol[d][a]] |= 1ULL << sol[d][b];
  u64 saved5 = allowed5;
  for (int d = 0; d < T; d++)
    if (solsize[d] == 5)
      for (int a = 0; a < 5; a++)
        if (fives[sol[d][a]] + 1 >= CAP) allowed5 &= ~(1ULL << sol[d][a]);
  long n0 = nodes, lim0 = node_limit;
  nodes = 0;
  node_limit = pair_limit;
  pair_mode = 0;
  pair_tries++;
  int ok = seat(all_players(), T - R, R, 0, T);
  pair_mode = 1;
  nodes = n0;
  node_limit = lim0;
  memcpy(met, saved, sizeof saved);
  allowed5 = saved5;
  return ok;
}

static int popc(u64 x) { return __builtin_popcountll(x); }

// collect tables of size `size` containing v from the players in cand, at most `budget` pairs
// met before; rest = the players still to choose from, chosen = so far
static int nopt;
static void collect(int depth, int v, u64 cand, int size, int budget, int *chosen, int k, int cost) {
  if (nopt >= 4096) return;
  if (k == size) {
    for (int i = 0; i < size; i++) opt_buf[depth][nopt][i] = chosen[i];
    opt_cost[depth][nopt] = cost;
    nopt++;
    return;
  }
  while (cand) {
    int x = __builtin_ctzll(cand);
    cand &= cand - 1;
    int c = cost;
    for (int i = 0; i < k; i++) c += (met[x] >> chosen[i]) & 1;
    if (c > budget) continue;
    if (popc(cand) < size - k - 1) return;
    chosen[k] = x;
    collect(depth, v, cand, size, budget, chosen, k + 1, c);
  }
}
static int seat(u64 left, int fours, int fivesleft, int budget, int depth) {
  if (++nodes > node_limit) return 0;
  if (!left) return pair_mode ? second_round() : 1;
  // the player with the fewest partners still possible without a met pair
  int v = -1, best = 99;
  for (u64 l = left; l; l &= l - 1) {
    int x = __builtin_ctzll(l);
    int d = popc(left & ~met[x]) - 1;
    if (d < best) best = d, v = x;
  }
  int chosen[5];
  chosen[0] = v;
  nopt = 0;
  u64 rest = left & ~(1ULL << v);
  if (fours) collect(depth, v, rest, 4, budget, chosen, 1, 0);
  int n4 = nopt;
  if (fivesleft && (allowed5 >> v & 1)) collect(depth, v, rest & allowed5, 5, budget, chosen, 1, 0);
  int n = nopt;
  // order: fewest met pairs first, ties by lot
  int order[4096];
  for (int i = 0; i < n; i++) order[i] = i;
  for (int i = n - 1; i > 0; i--) {
    int j = rnd(i + 1), t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  for (int i = 1; i < n; i++) {
    int x = order[i], j = i - 1;
    while (j >= 0 && opt_cost[depth][order[j]] > opt_cost[depth][x]) {
      order[j + 1] = order[j];
      j--;
    }
    order[j + 1] = x;
  }
  for (int i = 0; i < n; i++) {
    int o = order[i], size = o < n4 ? 4 : 5;
    u64 m = 0;
    for (int k = 0; k < size; k++) m |= 1ULL << opt_buf[depth][o][k];
    for (int k = 0; k < size; k++) sol[depth][k] = opt_buf[depth][o][k];
    solsize[depth] = size;
    if (seat(left & ~m, fours - (size == 4), fivesleft - (size == 5), budget - opt_cost[depth][o],
             depth + 1))
      return 1;
    if (nodes > node_limit) return 0;
  }
  return 0;
}
// seat round w again with at most `budget` pairs met in other rounds; 1 if done
static int reseat(int w, int budget, long limit) {
  add_round(w, -1);
  for (int v = 0; v < N; v++) {
    met[v] = 0;
    for (int x = 0; x < N; x++)
      if (cnt[v][x] > 0) met[v] |= 1ULL << x;
  }
  allowed5 = 0;
  for (int v = 0; v < N; v++)
    if (fives[v] < CAP) allowed5 |= 1ULL << v;
  nodes = 0;
  node_limit = limit;
  int ok = seat(N == 64 ? ~0ULL : (1ULL << N) - 1, T - R, R, budget, 0);
  if (ok) {
    int g4 = 0, g5 = T - R;
    for (int d = 0; d < T; d++) {
      int g = solsize[d] == 4 ? g4++ : g5++;
      for (int k = 0; k < solsize[d]; k++) tab[w][g][k] = sol[d][k];
    }
  }
  add_round(w, +1);
  return ok;
}

// seat rounds u and v again together, no pair of either met in any other round (nor in both)
static int reseat2(int u, int v, long limit, long limit2) {
  add_round(u, -1);
  add_round(v, -1);
  for (int x = 0; x < N; x++) {
    met[x] = 0;
    for (int y = 0; y < N; y++)
      if (cnt[x][y] > 0) met[x] |= 1ULL << y;
  }
  allowed5 = 0;
  for (int x = 0; x < N; x++)
    if (fives[x] < CAP) allowed5 |= 1ULL << x;
  nodes = 0;
  node_limit = limit;
  pair_limit = limit2;
  pair_mode = 1;
  int ok = seat(all_players(), T - R, R, 0, 0);
  pair_mode = 0;
  if (ok) {
    int g4 = 0, g5 = T - R, h4 = 0, h5 = T - R;
    for (int d = 0; d < T; d++) {
      int g = solsize[d] == 4 ? g4++ : g5++;
      for (int k = 0; k < solsize[d]; k++) tab[u][g][k] = sol[d][k];
      int h = solsize[T + d] == 4 ? h4++ : h5++;
      for (int k = 0; k < solsize[T + d]; k++) tab[v][h][k] = sol[T + d][k];
    }
  }
  add_round(u, +1);
  add_round(v, +1);
  return ok;
}

static int best_tab[MAXW][MAXT][5];
static double cpu(void) { return (double)clock() / CLOCKS_PER_SEC; }
static void print_best(void) {
  for (int w = 0; w < W; w++) {
    for (int g = 0; g < T; g++)
      for (int m = 0; m < tsize[g]; m++) printf("%d%c", best_tab[w][g][m], m + 1 < tsize[g] ? ',' : ' ');
    printf("\n");
  }
}

int main(int argc, char **argv) {
  if (argc < 6) {
    fprintf(stderr, "usage: reseat N ROUNDS SEED SECONDS CAP [FAIR_SECONDS] [START_FILE]\n");
    return 2;
  }
  N = atoi(argv[1]);
  W = atoi(argv[2]);
  u64 seed = strtoull(argv[3], 0, 10);
  double secs = atof(argv[4]);
  CAP = atoi(argv[5]);
  double fair_secs = argc > 6 ? atof(argv[6]) : 60;
  long pair_nodes = argc > 8 ? atol(argv[8]) : 100000;
  s[0] = seed * 2654435761ULL + 1;
  s[1] = seed ^ 0x9E3779B97F4A7C15ULL;
  for (int i = 0; i < 20; i++) nxt();
  R = N % 4;
  T = N / 4;
  if (N > MAXN || W > MAXW || T < R) return 2;
  for (int g = 0; g < T; g++) tsize[g] = g < T - R ? 4 : 5;
  if (argc > 7) {
    FILE *f = fopen(argv[7], "r");
    if (!f) return 2;
    for (int w = 0; w < W; w++)
      for (int g = 0; g < T; g++)
        for (int m = 0; m < tsize[g]; m++)
          if (fscanf(f, " %d%*[, ]", &tab[w][g][m]) != 1) return 2;
    fclose(f);
  } else {
    // random rounds, the tables of five to the players with the fewest so far
    int fc[MAXN] = {0};
    for (int w = 0; w < W; w++) {
      int ord[MAXN];
      for (int i = 0; i < N; i++) ord[i] = i;
      for (int i = N - 1; i > 0; i--) {
        int j = rnd(i + 1), t = ord[i];
        ord[i] = ord[j];
        ord[j] = t;
      }
      for (int i = 1; i < N; i++) {
        int x = ord[i], j = i - 1;
        while (j >= 0 && fc[ord[j]] > fc[x]) {
          ord[j + 1] = ord[j];
          j--;
        }
        ord[j + 1] = x;
      }
      int k = 0;
      for (int g = T - 1; g >= 0; g--)
        for (int m = 0; m < tsize[g]; m++) {
          tab[w][g][m] = ord[k++];
          if (tsize[g] == 5) fc[tab[w][g][m]]++;
        }
    }
  }
  for (int w = 0; w < W; w++) add_round(w, +1);
  int cost = repeats(), best = cost;
  memcpy(best_tab, tab, sizeof tab);
  long step = 0, last = 0, stall = 2000;
  double t0 = cpu();
  while (best > 0 && cpu() - t0 < secs) {
    step++;
    // a round with a repeated meeting (or, now and then, any round)
    if (rnd(2)) {
      // the two rounds of a repeated meeting, seated again together
      int pu = -1, pv = -1, seen = 0;
      for (int a = 0; a < N; a++)
        for (int b = a + 1; b < N; b++)
          if (cnt[a][b] > 1 && rnd(++seen) == 0) {
            int ws[MAXW], k = 0;
            for (int w = 0; w < W; w++)
              for (int g = 0; g < T; g++) {
                int in = 0;
                for (int m = 0; m < tsize[g]; m++) in += tab[w][g][m] == a || tab[w][g][m] == b;
                if (in == 2) ws[k++] = w;
              }
            int i = rnd(k), j = rnd(k - 1);
            if (j >= i) j++;
            pu = ws[i];
            pv = ws[j];
          }
      if (pu >= 0 && reseat2(pu, pv, pair_nodes, 200)) {
        cost = repeats();
        fprintf(stderr, "step %ld: rounds %d and %d seated again together: %d\n", step, pu, pv, cost);
      }
      if (cost < best) {
        best = cost;
        last = step;
        memcpy(best_tab, tab, sizeof tab);
        fprintf(stderr, "step %ld: %d repeated meetings (%.1fs)\n", step, best, cpu() - t0);
      }
      continue;
    }
    int w, rc;
    int tries = 0;
    do {
      w = rnd(W);
      rc = round_cost(w);
    } while (rc == 0 && rnd(4) && ++tries < 50);
    int budget = rc;
    if (step - last > stall) {
      budget = rc + 1;  // a kick
      last = step;
    }
    if (reseat(w, budget, 20000)) cost = repeats();
    if (cost < best) {
      best = cost;
      last = step;
      memcpy(best_tab, tab, sizeof tab);
      fprintf(stderr, "step %ld: %d repeated meetings (%.1fs)\n", step, best, cpu() - t0);
    }
  }
  fprintf(stderr, "N=%d W=%d seed=%llu cap=%d repeats=%d steps=%ld time=%.1fs\n", N, W, seed, CAP,
          best, step, cpu() - t0);
  if (best == 0) {
    memcpy(tab, best_tab, sizeof tab);
    memset(cnt, 0, sizeof cnt);
    memset(fives, 0, sizeof fives);
    for (int w = 0; w < W; w++) add_round(w, +1);
    long fc = fair_cost(), fbest = fc;
    double t1 = cpu();
    long fsteps = 0;
    while (cpu() - t1 < fair_secs) {
      fsteps++;
      int w = rnd(W);
      int saved[MAXT][5];
      memcpy(saved, tab[w], sizeof saved);
      if (!reseat(w, 0, 20000)) continue;
      long c = fair_cost();
      if (c <= fc) {
        fc = c;
        if (c < fbest) {
          fbest = c;
          memcpy(best_tab, tab, sizeof tab);
        }
      } else {
        add_round(w, -1);
        memcpy(tab[w], saved, sizeof saved);
        add_round(w, +1);
      }
    }
    int hist[MAXW + 1] = {0};
    memcpy(tab, best_tab, sizeof tab);
    memset(cnt, 0, sizeof cnt);
    memset(fives, 0, sizeof fives);
    for (int w = 0; w < W; w++) add_round(w, +1);
    for (int p = 0; p < N; p++) hist[fives[p]]++;
    fprintf(stderr, "spread after %ld steps: repeats=%d, players by tables of five:", fsteps, repeats());
    for (int k = 0; k <= W; k++)
      if (hist[k]) fprintf(stderr, " %dx%d", hist[k], k);
    fprintf(stderr, "\n");
  }
  print_best();
  return best == 0 ? 0 : 1;
}
