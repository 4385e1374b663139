// Offline replanning: the rounds still to come after a change of players, searched for a
// given time with a tabu search, to compare the draw's replanning with (see README.md).
//
//   gcc -O2 -o replan replan.c
//   ./replan HISTORY_FILE SEED SECONDS [RESTART_ITERATIONS]
//
// HISTORY_FILE (as `bench/draw_replan.py --dump DIR` writes it): a first line "N ROUNDS"
// (present players, rounds to plan), then one past table per line, the present players
// 0..N-1 who sat at it separated by spaces (players who left are already left out).
// The planned rounds have N // 4 tables, the last N % 4 of them tables of five.  The cost is
// the draw's count of repeated meetings in the planned rounds: for every pair, the meetings
// beyond max(1, meetings in the history), counted where the planned rounds add some.  The
// spread of the tables of five is no rule here (any two players of different tables of a
// round may swap), so the result bounds what the draw, whose first aim is no repeated
// meeting, can reach.  Each iteration makes the best non-tabu swap of a player who meets
// someone too often (a tabu swap is allowed if it gives a new best); after 2000 iterations
// without a new best, 4 random swaps; after RESTART_ITERATIONS (default 100000) without a new
// best, a new random start.  It stops at 0 or after SECONDS of processor time and prints the
// best cost on standard output ("best=K"), then the best rounds (tables separated by spaces,
// players by commas).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#define MAXN 80
#define MAXW 12
static unsigned long long s[2];
static inline unsigned long long nxt(void){unsigned long long s1=s[0];const unsigned long long s0=s[1];s[0]=s0;s1^=s1<<23;s[1]=s1^s0^(s1>>17)^(s0>>26);return s[1]+s0;}
static inline int rnd(int n){return (int)(nxt()%(unsigned long long)n);}
static int N,W,T,R;
static int grp[MAXW][MAXN],members[MAXW][MAXN/4+1][5],gsize[MAXN/4+1],cnt[MAXN][MAXN],hist[MAXN][MAXN];
static long long tabu[MAXW][MAXN][MAXN];
static int best_members[MAXW][MAXN/4+1][5];
static void doswap(int w,int p,int q){
  int G=grp[w][p],H=grp[w][q];int*cp=cnt[p],*cq=cnt[q];
  for(int m=0;m<gsize[G];m++){int x=members[w][G][m];if(x==p){members[w][G][m]=q;continue;}cp[x]--;cnt[x][p]--;cq[x]++;cnt[x][q]++;}
  for(int m=0;m<gsize[H];m++){int y=members[w][H][m];if(y==q){members[w][H][m]=p;continue;}cq[y]--;cnt[y][q]--;cp[y]++;cnt[y][p]++;}
  grp[w][p]=H;grp[w][q]=G;
}
static int delta(int w,int p,int q){
  int G=grp[w][p],H=grp[w][q];int d=0;int*cp=cnt[p],*cq=cnt[q];
  for(int m=0;m<gsize[G];m++){int x=members[w][G][m];if(x==p)continue;if(cp[x]>=2)d--;if(cq[x]>=1)d++;}
  for(int m=0;m<gsize[H];m++){int y=members[w][H][m];if(y==q)continue;if(cq[y]>=2)d--;if(cp[y]>=1)d++;}
  return d;
}
static int cost_now(void){
  int c=0;for(int a=0;a<N;a++)for(int b=a+1;b<N;b++){if(cnt[a][b]>1)c+=cnt[a][b]-1;if(hist[a][b]>1)c-=hist[a][b]-1;}return c;
}
static void random_start(void){
  for(int a=0;a<N;a++)for(int b=0;b<N;b++)cnt[a][b]=hist[a][b];
  for(int w=0;w<W;w++){
    int ord[MAXN];for(int i=0;i<N;i++)ord[i]=i;
    for(int i=N-1;i>0;i--){int j=rnd(i+1);int t=ord[i];ord[i]=ord[j];ord[j]=t;}
    int k=0;for(int g=0;g<T;g++)for(int m=0;m<gsize[g];m++){int p=ord[k++];members[w][g][m]=p;grp[w][p]=g;}
    for(int g=0;g<T;g++)for(int a=0;a<gsize[g];a++)for(int b=a+1;b<gsize[g];b++){int x=members[w][g][a],y=members[w][g][b];cnt[x][y]++;cnt[y][x]++;}
  }
  memset(tabu,0,sizeof tabu);
}
int main(int argc,char**argv){
  if(argc<4){fprintf(stderr,"usage: replan HISTORY_FILE SEED SECONDS [RESTART_ITERATIONS]\n");return 2;}
  FILE*f=fopen(argv[1],"r");if(!f){perror(argv[1]);return 2;}
  unsigned long long seed=strtoull(argv[2],0,10);double seconds=atof(argv[3]);
  long long restart=argc>4?atoll(argv[4]):100000;
  char line[4096];if(!fgets(line,sizeof line,f)||sscanf(line,"%d %d",&N,&W)!=2||N<4||N>MAXN||W<1||W>MAXW){fprintf(stderr,"bad first line\n");return 2;}
  while(fgets(line,sizeof line,f)){
    int t[8],k=0;char*pos=line;int v,used;
    while(k<8&&sscanf(pos,"%d%n",&v,&used)==1){t[k++]=v;pos+=used;}
    for(int a=0;a<k;a++)for(int b=a+1;b<k;b++){hist[t[a]][t[b]]++;hist[t[b]][t[a]]++;}
  }
  fclose(f);
  R=N%4;T=N/4;for(int g=0;g<T;g++)gsize[g]=(g<T-R)?4:5;
  s[0]=seed*2654435761ULL+1;s[1]=seed^0x9E3779B97F4A7C15ULL;for(int i=0;i<20;i++)nxt();
  clock_t start=clock();int overall=1<<30;long long total_it=0;int starts=0;
  static int cw[400000],cp_[400000],cq_[400000];
  while(overall>0&&(double)(clock()-start)/CLOCKS_PER_SEC<seconds){
    random_start();starts++;
    int cost=cost_now(),best=cost;long long lastimp=0,lastkick=0;
    if(cost<overall){overall=cost;memcpy(best_members,members,sizeof members);}
    for(long long it=1;cost>0&&it-lastimp<restart;it++){
      if((it&255)==0&&(double)(clock()-start)/CLOCKS_PER_SEC>=seconds)break;
      total_it++;
      int bd=1<<30,nc=0;
      for(int w=0;w<W;w++)for(int p=0;p<N;p++){
        int G=grp[w][p],conf=0;
        for(int m=0;m<gsize[G];m++){int x=members[w][G][m];if(x!=p&&cnt[p][x]>=2&&cnt[p][x]>hist[p][x]){conf=1;break;}}
        if(!conf)continue;
        for(int q=0;q<N;q++){
          if(grp[w][q]==G)continue;
          int d=delta(w,p,q);
          if(tabu[w][p][q]>it&&cost+d>=best)continue;
          if(d<bd){bd=d;nc=0;}
          if(d==bd&&nc<400000){cw[nc]=w;cp_[nc]=p;cq_[nc]=q;nc++;}
        }
      }
      if(nc==0)break;
      int k=rnd(nc);int w=cw[k],p=cp_[k],q=cq_[k];
      doswap(w,p,q);cost+=bd;
      int ten=3+rnd(8);tabu[w][p][q]=tabu[w][q][p]=it+ten;
      if(cost<best){best=cost;lastimp=it;lastkick=it;
        if(cost<overall){overall=cost;memcpy(best_members,members,sizeof members);}}
      else if(it-lastkick>2000){
        for(int j=0;j<4;j++){int w2=rnd(W),a=rnd(N),b=rnd(N);if(grp[w2][a]==grp[w2][b])continue;cost+=delta(w2,a,b);doswap(w2,a,b);}
        lastkick=it;
      }
    }
  }
  printf("best=%d\n",overall);
  for(int w=0;w<W;w++){for(int g=0;g<T;g++)for(int m=0;m<gsize[g];m++)printf("%d%c",best_members[w][g][m],m+1<gsize[g]?',':(g+1<T?' ':'\n'));}
  fprintf(stderr,"N=%d W=%d seed=%llu best=%d starts=%d iterations=%lld seconds=%.1f\n",N,W,seed,overall,starts,total_it,(double)(clock()-start)/CLOCKS_PER_SEC);
  return 0;
}
