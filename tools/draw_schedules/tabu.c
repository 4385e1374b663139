// tabu search with fairness-preserving five/four compound moves
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#define MAXN 72
#define MAXW 12
static unsigned long long s[2];
static inline unsigned long long nxt(void){unsigned long long s1=s[0];const unsigned long long s0=s[1];s[0]=s0;s1^=s1<<23;s[1]=s1^s0^(s1>>17)^(s0>>26);return s[1]+s0;}
static inline int rnd(int n){return (int)(nxt()%(unsigned long long)n);}
int N,W,T,R;
int grp[MAXW][MAXN], members[MAXW][MAXN/4+1][5], gsize[MAXN], cnt[MAXN][MAXN];
long long tabu[MAXW][MAXN][MAXN];
static inline int isf(int w,int p){return gsize[grp[w][p]]==5;}
void doswap(int w,int p,int q){
  int G=grp[w][p],H=grp[w][q];int*cp=cnt[p],*cq=cnt[q];
  for(int m=0;m<gsize[G];m++){int x=members[w][G][m];if(x==p){members[w][G][m]=q;continue;}cp[x]--;cnt[x][p]--;cq[x]++;cnt[x][q]++;}
  for(int m=0;m<gsize[H];m++){int y=members[w][H][m];if(y==q){members[w][H][m]=p;continue;}cq[y]--;cnt[y][q]--;cp[y]++;cnt[y][p]++;}
  grp[w][p]=H;grp[w][q]=G;
}
int delta(int w,int p,int q){
  int G=grp[w][p],H=grp[w][q];int d=0;int*cp=cnt[p],*cq=cnt[q];
  for(int m=0;m<gsize[G];m++){int x=members[w][G][m];if(x==p)continue;if(cp[x]>=2)d--;if(cq[x]>=1)d++;}
  for(int m=0;m<gsize[H];m++){int y=members[w][H][m];if(y==q)continue;if(cq[y]>=2)d--;if(cp[y]>=1)d++;}
  return d;
}
int fb(int w,int p){int c=0;for(int v=0;v<w;v++)c+=isf(v,p);return c;}
// partner round for big (five at w) and small (four at w): -1 none, -2 spoil
int partner(int w,int big,int small){for(int v=w+1;v<W;v++){int fp=isf(v,big),fq=isf(v,small);if(fq&&!fp)return v;if(fp&&!fq)return -2;}return -1;}
int totalcost(){int c=0;for(int a=0;a<N;a++)for(int b=a+1;b<N;b++)if(cnt[a][b]>1)c+=cnt[a][b]-1;return c;}
int main(int argc,char**argv){
  N=atoi(argv[1]);W=atoi(argv[2]);unsigned long long seed=atoll(argv[3]);long long maxit=atoll(argv[4]);
  int tlo=atoi(argv[5]),thi=atoi(argv[6]);int stable=atoi(argv[7]);int npert=atoi(argv[8]);
  s[0]=seed*2654435761ULL+1;s[1]=seed^0x9E3779B97F4A7C15ULL;for(int i=0;i<20;i++)nxt();
  R=N%4;T=N/4;for(int g=0;g<T;g++)gsize[g]=(g<T-R)?4:5;
  int fc[MAXN];memset(fc,0,sizeof fc);
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
  int cost=totalcost(),best=cost;long long lastimp=0;long long it;
  static int cw[200000],cp_[200000],cq_[200000],cu[200000];
  for(it=0;it<maxit&&cost>0;it++){
    int bd=1000000,nc=0;
    for(int w=0;w<W;w++)for(int p=0;p<N;p++){
      int G=grp[w][p];int conf=0;for(int m=0;m<gsize[G];m++){int x=members[w][G][m];if(x!=p&&cnt[p][x]>=2){conf=1;break;}}
      if(!conf)continue;
      for(int q=0;q<N;q++){int H=grp[w][q];if(H==G)continue;
        int d,u=-1;
        if(gsize[H]==gsize[G]) d=delta(w,p,q);
        else{
          int big=gsize[G]==5?p:q,small=gsize[G]==5?q:p;
          if(fb(w,big)!=fb(w,small))continue;
          u=partner(w,big,small);if(u==-2)continue;
          d=delta(w,p,q);
          if(u>=0){doswap(w,p,q);d+=delta(u,p,q);doswap(w,q,p);}
        }
        if(tabu[w][p][q]>it&&cost+d>=best)continue;
        if(d<bd){bd=d;nc=0;}
        if(d==bd&&nc<200000){cw[nc]=w;cp_[nc]=p;cq_[nc]=q;cu[nc]=u;nc++;}
      }
    }
    if(nc==0)continue;
    int k=rnd(nc);int w=cw[k],p=cp_[k],q=cq_[k],u=cu[k];
    doswap(w,p,q);if(u>=0)doswap(u,p,q);cost+=bd;
    int ten=tlo+rnd(thi-tlo+1);tabu[w][p][q]=tabu[w][q][p]=it+ten;
    if(cost<best){best=cost;lastimp=it;}
    else if(it-lastimp>stable){
      for(int k2=0;k2<npert;k2++){int w2=rnd(W);int a=rnd(N),b=rnd(N);if(grp[w2][a]==grp[w2][b]||gsize[grp[w2][a]]!=gsize[grp[w2][b]])continue;cost+=delta(w2,a,b);doswap(w2,a,b);}
      lastimp=it;
    }
  }
  if(totalcost()!=cost)fprintf(stderr,"COST MISMATCH\n");
  fprintf(stderr,"N=%d W=%d seed=%llu cost=%d best=%d it=%lld\n",N,W,seed,cost,best,it);
  if(cost==0){for(int w=0;w<W;w++){for(int g=0;g<T;g++){for(int m=0;m<gsize[g];m++)printf("%d%c",members[w][g][m],m+1<gsize[g]?',':' ');}printf("\n");}}
  return cost==0?0:1;
}
