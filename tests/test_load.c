#include "testutil.h"
int main(void){Suite *s=suite_create("x");return ab_run_suite(s);}
