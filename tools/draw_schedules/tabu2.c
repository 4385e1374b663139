// Tabu search with optional pair weights and fairness-preserving five/four moves.
//
//   gcc -O2 -o tabu2 tabu2.c
//   ./tabu2 N ROUNDS SEED SECONDS TABU_MIN TABU_MAX STABLE_ITERATIONS PERTURBATION_SWAPS
//           RESTART_ITERATIONS MIRROR WEIGHTS [CAP [AT_CAP]]
//
// The state is a schedule of ROUNDS rounds: N // 4 tables per round, the last N % 4 of them
// tables of five.  The start seats the players with the fewest tables of five so far at the
// tables of five (ties by lot), so the tables of five are spread fairly: after every round the
// numbers of tables of five differ by at most 1.  Moves swap two players of different tables of
// one round.  With MIRROR=0 only players at tables of the same size swap, so who sits at a table
// of five in which round stays as in the start (with one table of five, a start whose tables of
// five share a pair is drawn again).  With MIRROR=1 a swap between a table of five and a table
// of four is also made, between players with the same number of tables of five so far, and
// mirrored in the next round where their five/four status differs, so the spread stays exactly
// as fair (as in tabu.c).  With MIRROR=2 any two players of one round swap, as long as no
// player gets more than CAP tables of five in all (repeats first: the spread is only capped),
// and, if AT_CAP is given, no swap makes more than AT_CAP players reach CAP (the fair spread has
// the fewest players at its maximum, e.g. 7 at two for 33 players in 8 rounds).
//
// The search minimises the (weighted) number of repeated meetings: the sum over pairs of
// weight * (meetings - 1), the weights starting at 1.  Each iteration makes the best non-tabu
// swap of a player who meets someone twice (aspiration: a tabu swap that gives a new best is
// allowed); the swapped pair stays tabu for TABU_MIN..TABU_MAX iterations.  After
// STABLE_ITERATIONS without a new best weighted cost, PERTURBATION_SWAPS random swaps within a
// table size are made (and with WEIGHTS=1 the weights of the repeated pairs grow by 1 first).
// After RESTART_ITERATIONS without a new best the search starts again from a new random start
// (same random stream).  It stops at zero repeated meetings or after SECONDS (processor time),
// prints the schedule with the fewest repeated meetings seen (one round per line, tables
// separated by spaces, players 0..N-1 separated by commas; a solution if the exit code is 0)
// and reports the costs on standard error.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#define MAXN 72
#define MAXW 12
static unsigned long long s[2];
static inline unsigned long long nxt(void){unsigned long long s1=s[0];const unsigned long long s0=s[1];s[0]=s0;s1^=s1<<23;s[1]=s1^s0^(s1>>17)^(s0>>26);return s[1]+s0;}
static inline int rnd(int n){return (int)(nxt()%(unsigned long long)n);}
int N,W,T,R,mirror,useweights,cap=99,maxatcap=1<<30;
int grp[MAXW][MAXN], members[MAXW][MAXN/4+1][5], gsize[MAXN], cnt[MAXN][MAXN], wt[MAXN][MAXN];
long long tabu[MAXW][MAXN][MAXN];
int bmembers[MAXW][MAXN/4+1][5];int overall=1<<30;
static inline int isf(int w,int p){return gsize[grp[w][p]]==5;}
static void doswap(int w,int p,int q){
  int G=grp[w][p],H=grp[w][q];int*cp=cnt[p],*cq=cnt[q];
  for(int m=0;m<gsize[G];m++){int x=members[w][G][m];if(x==p){members[w][G][m]=q;continue;}cp[x]--;cnt[x][p]--;cq[x]++;cnt[x][q]++;}
  for(int m=0;m<gsize[H];m++){int y=members[w][H][m];if(y==q){members[w][H][m]=p;continue;}cq[y]--;cnt[y][q]--;cp[y]++;cnt[y][p]++;}
  grp[w][p]=H;grp[w][q]=G;
}
// change of the weighted cost (*dw) and of the true cost (return) if p and q swap in round w
static int delta(int w,int p,int q,int*dw){
  int G=grp[w][p],H=grp[w][q];int d=0,e=0;int*cp=cnt[p],*cq=cnt[q];int*wp=wt[p],*wq=wt[q];
  for(int m=0;m<gsize[G];m++){int x=members[w][G][m];if(x==p)continue;if(cp[x]>=2){d--;e-=wp[x];}if(cq[x]>=1){d++;e+=wq[x];}}
  for(int m=0;m<gsize[H];m++){int y=members[w][H][m];if(y==q)continue;if(cq[y]>=2){d--;e-=wq[y];}if(cp[y]>=1){d++;e+=wp[y];}}
  *dw=e;return d;
}
static int fb(int w,int p){int c=0;for(int v=0;v<w;v++)c+=isf(v,p);return c;}
// partner round for big (five at w) and small (four at w): -1 none, -2 spoil
static int partner(int w,int big,int small){for(int v=w+1;v<W;v++){int fp=isf(v,big),fq=isf(v,small);if(fq&&!fp)return v;if(fp&&!fq)return -2;}return -1;}
static int totalcost(void){int c=0;for(int a=0;a<N;a++)for(int b=a+1;b<N;b++)if(cnt[a][b]>1)c+=cnt[a][b]-1;return c;}
static long long wcost(void){long long c=0;for(int a=0;a<N;a++)for(int b=a+1;b<N;b++)if(cnt[a][b]>1)c+=(long long)wt[a][b]*(cnt[a][b]-1);return c;}
static int start1(void);
static void start(void){while(!start1());}
static int start1(void){
  int fc[MAXN];memset(fc,0,sizeof fc);memset(cnt,0,sizeof cnt);memset(tabu,0,sizeof tabu);
  for(int a=0;a<N;a++)for(int b=0;b<N;b++)wt[a][b]=1;
  for(int w=0;w<W;w++){
    int ord[MAXN];for(int i=0;i<N;i++)ord[i]=i;
    for(int i=N-1;i>0;i--){int j=rnd(i+1);int t=ord[i];ord[i]=ord[j];ord[j]=t;}
    for(int i=1;i<N;i++){int x=ord[i],j=i-1;while(j>=0&&fc[ord[j]]>fc[x]){ord[j+1]=ord[j];j--;}ord[j+1]=x;}
    int sf=5*R;for(int i=0;i<sf;i++)fc[ord[i]]++;
    int fl[MAXN],nf=0,ol[MAXN],no=0;for(int i=0;i<N;i++){int p=ord[i];if(i<sf)fl[nf++]=p;else ol[no++]=p;}
    for(int i=no-1;i>0;i--){int j=rnd(i+1);int t=ol[i];ol[i]=ol[j];ol[j]=t;}
    int k=0;for(int g=0;g<T-R;g++)for(int m=0;m<4;m++){int p=ol[k++];members[w][g][m]=p;grp[w][p]=g;}
    k=0;for(int g=T-R;g<T;g++)for(int m=0;m<5;m++){int p=fl[k++];members[w][g][m]=p;grp[w][p]=g;}
  }
  for(int w=0;w<W;w++)for(int g=0;g<T;g++)for(int a=0;a<gsize[g];a++)for(int b=a+1;b<gsize[g];b++){int x=members[w][g][a],y=members[w][g][b];cnt[x][y]++;cnt[y][x]++;}
  if(R==1&&!mirror)for(int a=0;a<N;a++)for(int b=0;b<N;b++)if(a!=b){int c=0;for(int w=0;w<W;w++)c+=isf(w,a)&&isf(w,b);if(c>1)return 0;}
  return 1;
}
static int cw[400000],cp_[400000],cq_[400000],cu[400000],cd[400000];
int main(int argc,char**argv){
  if(argc<12){fprintf(stderr,"usage: N ROUNDS SEED SECONDS TABU_MIN TABU_MAX STABLE PERT RESTART MIRROR WEIGHTS\n");return 2;}
  N=atoi(argv[1]);W=atoi(argv[2]);unsigned long long seed=atoll(argv[3]);double secs=atof(argv[4]);
  int tlo=atoi(argv[5]),thi=atoi(argv[6]);long long stable=atoll(argv[7]);int npert=atoi(argv[8]);long long restart=atoll(argv[9]);mirror=atoi(argv[10]);useweights=atoi(argv[11]);
  s[0]=seed*2654435761ULL+1;s[1]=seed^0x9E3779B97F4A7C15ULL;for(int i=0;i<20;i++)nxt();
  if(argc>12)cap=atoi(argv[12]);
  if(argc>13)maxatcap=atoi(argv[13]);
  R=N%4;T=N/4;for(int g=0;g<T;g++)gsize[g]=(g<T-R)?4:5;
  clock_t t0=clock();int cost=1;long long it=0;int runs=0;
  while(cost>0&&(double)(clock()-t0)/CLOCKS_PER_SEC<secs){
    start();runs++;
    cost=totalcost();long long wc=wcost(),wbest=wc;int best=cost;long long lastimp=0,lastbest=0;
    for(it=0;cost>0;it++){
      if((it&1023)==0&&(double)(clock()-t0)/CLOCKS_PER_SEC>=secs)break;
      if(it-lastbest>restart)break;
      int bd=1<<30,nc=0;
      int atcap=0;if(mirror==2)for(int a=0;a<N;a++){int f=0;for(int v=0;v<W;v++)f+=isf(v,a);atcap+=f>=cap;}
      for(int w=0;w<W;w++)for(int p=0;p<N;p++){
        int G=grp[w][p];int conf=0;for(int m=0;m<gsize[G];m++){int x=members[w][G][m];if(x!=p&&cnt[p][x]>=2){conf=1;break;}}
        if(!conf)continue;
        for(int q=0;q<N;q++){int H=grp[w][q];if(H==G)continue;
          int d,e,u=-1;
          if(gsize[H]==gsize[G]) d=delta(w,p,q,&e);
          else{
            if(!mirror)continue;
            if(mirror==2){
              int small=gsize[G]==5?q:p,big=gsize[G]==5?p:q;
              int fs=0;for(int v=0;v<W;v++)fs+=isf(v,small);
              if(fs+1>cap)continue;
              if(fs+1==cap){int fg=0;for(int v=0;v<W;v++)fg+=isf(v,big);if(fg!=cap&&atcap>=maxatcap)continue;}
              d=delta(w,p,q,&e);goto scored;}
            int big=gsize[G]==5?p:q,small=gsize[G]==5?q:p;
            if(fb(w,big)!=fb(w,small))continue;
            u=partner(w,big,small);if(u==-2)continue;
            d=delta(w,p,q,&e);
            if(u>=0){int e2;doswap(w,p,q);d+=delta(u,p,q,&e2);e+=e2;doswap(w,q,p);}
          }
          scored:
          if(tabu[w][p][q]>it&&!(cost+d<best))continue;
          if(e<bd){bd=e;nc=0;}
          if(e==bd&&nc<400000){cw[nc]=w;cp_[nc]=p;cq_[nc]=q;cu[nc]=u;cd[nc]=d;nc++;}
        }
      }
      if(nc==0)continue;
      int k=rnd(nc);int w=cw[k],p=cp_[k],q=cq_[k],u=cu[k];
      doswap(w,p,q);if(u>=0)doswap(u,p,q);cost+=cd[k];wc+=bd;
      int ten=tlo+rnd(thi-tlo+1);tabu[w][p][q]=tabu[w][q][p]=it+ten;
      if(cost<best){best=cost;lastbest=it;}
      if(cost<overall){overall=cost;memcpy(bmembers,members,sizeof members);}
      if(wc<wbest){wbest=wc;lastimp=it;}
      else if(it-lastimp>stable){
        if(useweights)for(int a=0;a<N;a++)for(int b=0;b<N;b++)if(cnt[a][b]>1)wt[a][b]++;
        for(int k2=0;k2<npert;k2++){int w2=rnd(W);int a=rnd(N),b=rnd(N);if(grp[w2][a]==grp[w2][b]||gsize[grp[w2][a]]!=gsize[grp[w2][b]])continue;int e;cost+=delta(w2,a,b,&e);doswap(w2,a,b);}
        wc=wcost();wbest=wc;lastimp=it;
      }
    }
    if(totalcost()!=cost)fprintf(stderr,"COST MISMATCH\n");
    if(cost<overall){overall=cost;memcpy(bmembers,members,sizeof members);}
    fprintf(stderr,"run %d: best=%d end=%d it=%lld\n",runs,best,cost,it);
  }
  fprintf(stderr,"N=%d W=%d seed=%llu cost=%d best=%d runs=%d time=%.0fs\n",N,W,seed,cost,overall,runs,(double)(clock()-t0)/CLOCKS_PER_SEC);
  // the schedule with the fewest repeated meetings seen (a solution if that is 0)
  for(int w=0;w<W;w++){for(int g=0;g<T;g++){for(int m=0;m<gsize[g];m++)printf("%d%c",bmembers[w][g][m],m+1<gsize[g]?',':' ');}printf("\n");}
  return overall==0?0:1;
}
